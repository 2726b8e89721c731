// Loaded with `node --import` before every npm script's TypeScript entry point. Plain
// JavaScript on purpose: an older Node (a system Node 20 before `npm install` has put
// Node 24 from the npm registry on the scripts' PATH, decision 0001) can run this file,
// while it would fail on the .ts entry with ERR_UNKNOWN_FILE_EXTENSION.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  process.stderr.write(
    `this project needs Node 24 — run \`npm install\` first (this is Node ${process.version})\n`,
  );
  process.exit(1);
}
