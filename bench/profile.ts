// bench/profile: summarises a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_PROFILE=dir npm run bench:api)
// by where the time goes: the package or source file of the running function (self time), and the
// nearest portal function on the stack (the stage of a request it serves). Prints figures.
//   node --import tsx bench/profile.ts <file.cpuprofile> [top] [skip seconds: start-up left out]
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/profile.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const skipUs = Number(skipArg ?? 0) * 1e6;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The package (node_modules/x), the portal source file, node's internals or V8's own entries. */
function placeOf(f: Frame): string {
  if (!f.url) return `(${f.functionName || 'native'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (pkg?.[1]) return pkg[1];
  const own = /(apps\/server\/(?:src|dist)\/.+|packages\/contract\/(?:src|dist)\/.+)$/.exec(f.url);
  if (own?.[1]) return own[1];
  if (f.url.startsWith('node:')) return f.url;
  return f.url;
}
const isOwn = (f: Frame) => /apps\/server\/(src|dist)\/|packages\/contract\/(src|dist)\//.test(f.url);

/**
 * The stages of a request, as the issue names them. A sample belongs to the first stage that
 * matches a frame, walking from the running function towards the root: the kernel's share of a
 * socket write (`writev`) goes to whoever wrote (the pg driver, or node:http answering), a zod parse
 * to validation wherever it runs. Drizzle is no stage of its own: building a query counts for the
 * portal function that built it; mapping rows after the answer (no portal caller) for the pool.
 */
const STAGES: [stage: string, test: (f: Frame) => boolean][] = [
  [
    'validation (zod)',
    (f) =>
      /node_modules\/zod\//.test(f.url) ||
      (/http\/route\.ts/.test(f.url) && /^(parse|checkResponse)$/.test(f.functionName)),
  ],
  [
    'token check (jose, verify)',
    (f) =>
      /node_modules\/jose\//.test(f.url) ||
      /auth\/tokens\.ts/.test(f.url) ||
      f.functionName === 'authenticate',
  ],
  ['session check', (f) => /auth\/(sessions|session-cache)\.ts/.test(f.url)],
  [
    'policy (account lookup)',
    (f) =>
      /auth\/policy\.ts/.test(f.url) || (/http\/route\.ts/.test(f.url) && f.functionName === 'authorize'),
  ],
  [
    'logging (pino, child logger, redaction)',
    (f) =>
      /node_modules\/(pino|@pinojs|pino-std-serializers|sonic-boom)\//.test(f.url) ||
      /logger-factory/.test(f.url),
  ],
  [
    'hook: helmet',
    (f) => /node_modules\/(@fastify\/)?helmet\//.test(f.url) || /http\/security-headers\.ts/.test(f.url),
  ],
  ['hook: compression', (f) => /node_modules\/@fastify\/compress\//.test(f.url)],
  ['hook: cookie', (f) => /node_modules\/@fastify\/cookie\//.test(f.url)],
  [
    'hook: metrics (prom-client)',
    (f) => /node_modules\/prom-client\//.test(f.url) || /http\/metrics\.ts/.test(f.url),
  ],
  [
    'serialisation',
    (f) =>
      (/fastify\/lib\/reply\.js/.test(f.url) && f.functionName === 'serialize') ||
      /fast-json-stringify/.test(f.url) ||
      f.functionName === 'wireAnswer',
  ],
  [
    'pool and driver (pg: send, receive, parse rows)',
    (f) => /node_modules\/(pg|pg-pool|pg-protocol|pg-types|postgres-\w+)\//.test(f.url),
  ],
  ["handler (its query's building and mapping)", (f) => /features\//.test(f.url)],
  ['route() pipeline (own code)', (f) => /http\/route\.ts/.test(f.url)],
  ['own hooks (app.ts: request log line, HSTS, draining)', (f) => /src\/app\.ts/.test(f.url)],
  [
    'fastify (routing, request and reply, hook runner)',
    (f) => /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[\w-]+)\//.test(f.url),
  ],
  ['node:http (parse the request, headers, write the answer)', (f) => /^node:_http_/.test(f.url)],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['other portal code', (f) => isOwn(f)],
  ['pool and driver (pg: send, receive, parse rows)', (f) => /node_modules\/drizzle-orm\//.test(f.url)],
];

const self = new Map<string, number>();
const place = new Map<string, number>();
const stage = new Map<string, number>();
const requestStage = new Map<string, number>();
let total = 0;
let idle = 0;
let at = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  const node = byId.get(id);
  if (!node || at < skipUs) return;
  total += dt;
  const f = node.callFrame;
  if (f.functionName === '(idle)') {
    idle += dt;
    return;
  }
  const key = `${f.functionName || '(anonymous)'} ${placeOf(f)}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  place.set(placeOf(f), (place.get(placeOf(f)) ?? 0) + dt);
  // The nearest portal function on the stack: which stage of the request this time serves.
  let up: number | undefined = id;
  let owner = '(outside portal code: I/O callbacks, HTTP parsing, GC)';
  while (up !== undefined) {
    const n = byId.get(up);
    if (n && isOwn(n.callFrame)) {
      owner = `${n.callFrame.functionName || '(anonymous)'} ${placeOf(n.callFrame)}`;
      break;
    }
    up = parent.get(up);
  }
  stage.set(owner, (stage.get(owner) ?? 0) + dt);
  // The kernel's share of a socket write, apart: it is the same per answer whatever the server.
  const named = node.callFrame.functionName === 'writev' ? `${stageOf(id)}: of which writev` : stageOf(id);
  requestStage.set(named, (requestStage.get(named) ?? 0) + dt);
});

function stageOf(leaf: number): string {
  for (let up: number | undefined = leaf; up !== undefined; up = parent.get(up)) {
    const n = byId.get(up);
    if (!n) break;
    // The innermost frame that any stage claims decides.
    const claimed = STAGES.find(([, test]) => test(n.callFrame));
    if (claimed) return claimed[0];
  }
  return '(other: event loop, microtasks, streams, timers)';
}

const busy = total - idle;
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (share of busy time)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
};
console.log(
  `${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)} %)`,
);
print('By request stage (innermost frame a stage claims)', requestStage);
print('By package or file (self time)', place);
print('By nearest portal function (the request stage)', stage);
print('By function (self time)', self);
