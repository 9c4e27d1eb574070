/** The signed-in user's own account page. */
export { default as account } from "./account.tsx";
