// JavaScript needed to show /signin and the dashboard shell, gzipped, per chunk, for a TMC operator and a patrol
// (what is measured and how: bench/support/first-load.mjs). Budget 250 KB; target 170 KB (issues #18, #33).
import { distDir, isBuilt, startBuiltServer } from './support/built-app.mjs';
import { firstLoadSummary, measureFirstLoad } from './support/first-load.mjs';

const DIST = distDir();
if (!isBuilt(DIST)) {
  console.error(`build first: ${DIST === 'dist' ? '' : `DIST_DIR=${DIST} `}npm run build`);
  process.exit(1);
}
const app = await startBuiltServer(DIST);
let results;
try {
  results = await measureFirstLoad(app.base);
} finally {
  await app.stop();
}
const summary = firstLoadSummary(results, { chunks: true });
console.log('\nFirst load (gzip) against the budget, and the total once the dashboard list has answered');
console.table(summary);
