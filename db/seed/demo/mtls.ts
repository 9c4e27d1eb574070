/**
 * Demo seed: Inmarsat C mobile terminals registered but not attached to a terminal yet, so the
 * terminal page's "add existing terminal" dialog has imns to attach. Their imns use a maritime
 * identification digits block (232) the attached demo mtls do not use, so they never collide.
 */
import { mtls } from "../../schema/mod.ts";
import { DAY, insertRows, type SeedContext } from "./util.ts";

const UNATTACHED = [
  { model: "SAILOR 6110", serial: "SAIL6110401", label: "Spare unit A" },
  { model: "SAILOR 3027", serial: "SAIL3027118", label: "Spare unit B" },
  { model: "TT-3026L", serial: "TT3026L2207", label: "Workshop bench" },
  { model: "Wideye Mini-C", serial: "WIDE0930051", label: "New build 512", miniC: true },
  { model: "Skywave DMR-800D", serial: "SKYW8004420", label: null, miniC: true },
];

export async function seedUnattachedMtls(ctx: SeedContext) {
  await insertRows(
    ctx,
    mtls,
    UNATTACHED.map((m, i) => ({
      imn: `4232${String(10_017 + i * 1_313).padStart(5, "0")}`,
      serial: m.serial,
      model: m.model,
      miniC: m.miniC ?? false,
      deviceLabel: m.label,
      fwdId: i % 2 ? `FWD${70_100 + i}` : null,
      // Registered in the last weeks; no random draw, so the rest of the seed is unchanged.
      updateDate: new Date(ctx.now.getTime() - (2 + i * 3) * DAY),
    })),
  );
}
