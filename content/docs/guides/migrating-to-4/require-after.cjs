// The same CommonJS code for pkijs 4.0, an ES module: import() loads it from
// CommonJS on every Node.js version, and returns a promise of its exports.
async function main() {
  const pkijs = await import('pkijs');
  console.log(typeof pkijs.Certificate.fromBER);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
