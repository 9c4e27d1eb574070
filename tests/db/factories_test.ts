/**
 * The factories' random imns: the suites share one PostgreSQL database, so a drawn imn may be
 * taken already (by a terminal or an mtl of any suite); the factory then draws another.
 */
import assert from "node:assert/strict";
import { dbTest } from "../fixtures/app.ts";

/** Runs `fn` with Math.random answering `values` first, then as usual. */
async function drawing<T>(values: number[], fn: () => Promise<T>): Promise<T> {
  const random = Math.random;
  const queue = [...values];
  Math.random = () => queue.length ? queue.shift()! : random();
  try {
    return await fn();
  } finally {
    Math.random = random;
  }
}

/** The Math.random value that draws `imn` (nine digits starting with 4). */
const drawOf = (imn: string) => (Number(imn) - 400_000_000 + 0.5) / 99_999_999;

dbTest("[factories] a drawn imn that is taken is drawn again", async (ctx, t) => {
  const taken = await ctx.f.mtl();
  await t.step("an mtl", async () => {
    const mtl = await drawing([drawOf(taken.imn)], () => ctx.f.mtl());
    assert.notEqual(mtl.imn, taken.imn);
  });
  await t.step("an Inmarsat C terminal, whose mtl carries its identifier", async () => {
    const terminal = await drawing([drawOf(taken.imn)], () => ctx.f.terminal({ deviceTypeId: 0 }));
    assert.notEqual(terminal.terminalSpecificIdentifier, taken.imn);
    assert.equal(terminal.mtl?.imn, terminal.terminalSpecificIdentifier);
  });
  await t.step("but an imn the caller gives is used as given, or fails", async () => {
    await assert.rejects(() => ctx.f.mtl({ imn: taken.imn }));
  });
});
