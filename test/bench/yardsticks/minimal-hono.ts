import { Hono } from "hono";
import { handle } from "hono/aws-lambda";

// The yardstick of the cold-start bench: the smallest useful Hono Lambda, bundled exactly like Winnow's functions.
const app = new Hono();
app.get("/", (c) => c.json({ ok: true }));
export const handler = handle(app);
