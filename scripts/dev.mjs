// `npm run dev`: the API in watch mode on :3001 and Vite (with hot reload) on :5173, which
// proxies /api to it. Open http://localhost:5173.
import { spawn } from "node:child_process";

const env = {
  ...process.env,
  NODE_ENV: "development",
  PORT: "3001",
  PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173",
  SERVE_CLIENT: "false",
};
const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["react-router", "dev", "--port", "5173"], { stdio: "inherit", env: process.env }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
