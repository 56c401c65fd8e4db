// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (so signals for graceful shutdown reach it directly).
import { ensureBuild } from "./ensure-build.mjs";

const status = ensureBuild();
if (status !== 0) process.exit(status);

process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);
await import("../build/server/main.js");
