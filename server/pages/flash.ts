/**
 * Route change errors: a page that cannot load redirects to /error/{status}; the message rides
 * along in a short-lived cookie and becomes a toast (and a visible alert) on the next page.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export const FLASH_COOKIE = "portal_flash";
export interface Flash {
  kind: "error" | "warning" | "information" | "success";
  message: string;
}

export function setFlash(c: Context, flash: Flash) {
  setCookie(c, FLASH_COOKIE, JSON.stringify([flash]), { // setCookie URL-encodes it
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    maxAge: 60,
  });
}

/** Reads and clears the pending messages. */
export function takeFlash(c: Context): Flash[] {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return [];
  deleteCookie(c, FLASH_COOKIE, { path: "/" });
  try {
    const list = JSON.parse(raw); // getCookie has decoded it
    return Array.isArray(list)
      ? list.filter((f) => typeof f?.message === "string").slice(0, 3).map((f) => ({
        kind: ["error", "warning", "information", "success"].includes(f.kind) ? f.kind : "error",
        message: f.message.slice(0, 500),
      }))
      : [];
  } catch {
    return [];
  }
}
