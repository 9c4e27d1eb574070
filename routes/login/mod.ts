/** The public sign-in pages: /login and the set-password link's /login/reset. */
export { default as login } from "./login.tsx";
export { default as reset } from "./reset.tsx";
