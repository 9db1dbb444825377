/**
 * `npm run report:statecharts`: the statecharts painted with the latest runs, one HTML file that opens
 * from disk with no network (reports/statecharts/index.html). Both machines are laid out by ELK
 * (./statecharts-report/chart-layout.ts); each state, transition and guard is coloured by what each
 * engine's covering paths and sessions did with it, from their run records
 * (tests/support/model/run-record.ts); transition pairs, temporal properties and failures have views of
 * their own; selecting a state shows its pictures (the state gallery's, inline), its requirements, the
 * test files that reach it and its live link on the dev server. `npm test` writes it at its end, from
 * whatever ran.
 *
 * Usage: npm run report:statecharts [-- --out <file>]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Transformer } from '@napi-rs/image';
import { TEMPORAL_PROPERTIES } from '@machines/temporal-properties';
import { SUITES, sessionEvents } from '@support/model/coverage-report';
import { DEV_SERVER } from '@support/model/link-steps';
import { guardFalseItemKey, stateItemKey } from '@support/model/model-suite';
import { reachablePairs } from '@support/model/transition-pairs';
import { GALLERY_DIR, GALLERY_VIEWPORTS, pictureFile, stateAnchor } from '@support/visual/gallery-names';
import { galleryPlan, type GalleryPicture } from '@support/visual/state-gallery';
import { STATE_LINKS } from '@/dev/state-link/state-links.generated';
import {
  BROWSER_PATHS_FILE,
  SESSIONS_FILE,
  testFilesOf,
  traces,
  type Trace,
} from '../docs/generate-traceability';
import { layoutChart } from './statecharts-report/chart-layout';
import { chartSvg } from './statecharts-report/chart-svg';
import { reportPage, type ReportData, type StateDetails } from './statecharts-report/report-page';
import {
  ENGINES,
  DEFAULT_FOLDERS,
  coveredBy,
  failuresOf,
  itemStatus,
  pairStatus,
  propertyStatus,
  readEngineRuns,
  type EngineRuns,
  type ResultFolders,
} from './statecharts-report/run-results';

/** Where the report is written by default, from the repository root. */
export const REPORT_FILE = 'reports/statecharts/index.html';

/** The test file that compares each state's picture, and the one that opens each live link. */
const VISUAL_FILE = 'tests/visual/states.spec.ts';
const STATE_LINK_FILE = 'tests/unit/dev/state-link/open-state-link.test.tsx';
/** How wide a picture's inline copy is, per viewport, px. */
const THUMBNAIL_WIDTH: Readonly<Record<string, number>> = { '375x812': 120, '1280x800': 300 };

/** A picture's inline copies, one per viewport, as WebP data URLs, with the full picture's path. */
async function pictures(picture: GalleryPicture, from: string) {
  return Promise.all(
    GALLERY_VIEWPORTS.map(async (viewport) => {
      const file = join(GALLERY_DIR, pictureFile(picture, viewport));
      const small = await new Transformer(readFileSync(file))
        .resize(THUMBNAIL_WIDTH[viewport.name]!)
        .webp(70);
      return {
        thumbnail: `data:image/webp;base64,${small.toString('base64')}`,
        href: relative(from, file),
        alt: `${picture.machine} ${picture.owner} at ${viewport.name.replace('x', ' × ')}`,
      };
    }),
  );
}

/** Whether a requirement's machine parts name the state or a transition from it. */
const namesState = (trace: Trace, machine: string, id: string) =>
  ((trace.trace as Partial<Record<string, readonly string[]>>)[machine] ?? []).some(
    (part) => part === id || part.startsWith(`${id}: `),
  );

/**
 * The report's data from the runs in `folders`, for a page written to `out` (pictures link from
 * there).
 * @throws when a run record cannot be read, or a picture of the gallery is missing.
 */
export async function statechartsReport(
  folders: ResultFolders = DEFAULT_FOLDERS,
  out: string = REPORT_FILE,
  written = new Date(),
): Promise<ReportData> {
  const runs = readEngineRuns(folders);
  const engineStatuses = (machine: string, item: string) =>
    runs.map((run) => ({ status: itemStatus(run, machine, item), via: coveredBy(run, machine, item) }));
  const statuses = (machine: string) => (item: string) => runs.map((run) => itemStatus(run, machine, item));
  const allTraces = traces();
  const gallery = galleryPlan().states;
  const from = dirname(out);
  const thumbnails = new Map<GalleryPicture, Awaited<ReturnType<typeof pictures>>>();
  for (const { picture } of gallery)
    if (!thumbnails.has(picture)) thumbnails.set(picture, await pictures(picture, from));

  const states: StateDetails[] = [];
  for (const suite of SUITES) {
    const machine = suite.name;
    // Each covering path by its number (as the paths' test names give it) with what it reaches.
    const covering = [...suite.paths.entries()]
      .filter(([, path]) => suite.covering.includes(path))
      .map(([index, path]) => ({ number: index + 1, reaches: suite.pathCoverage(path) }));
    for (const state of suite.anatomy.states.filter((node) => node.parentId !== null)) {
      const item = stateItemKey(state.id);
      const shown = gallery.find((entry) => entry.machine === machine && entry.id === state.id)!;
      const requirements = allTraces.filter((trace) => namesState(trace, machine, state.id));
      const reaching = covering.filter((path) => path.reaches.has(item)).map((path) => path.number);
      const sessionEngines = ENGINES.filter((_, index) =>
        coveredBy(runs[index]!, machine, item).includes('sessions'),
      );
      const files = new Map<string, string[]>();
      const add = (file: string, what: string) => files.set(file, [...(files.get(file) ?? []), what]);
      if (reaching.length)
        add(BROWSER_PATHS_FILE, `covering path${reaching.length > 1 ? 's' : ''} ${reaching.join(', ')}`);
      add(
        SESSIONS_FILE,
        sessionEngines.length
          ? `sessions reached it in ${sessionEngines.join(', ')}`
          : 'no session reached it in these runs',
      );
      add(VISUAL_FILE, `the picture of ${shown.picture.owner}`);
      add(STATE_LINK_FILE, 'its live link');
      for (const trace of requirements)
        for (const { file, tests } of testFilesOf(trace))
          if (tests > 0) add(file, `${trace.id} (${tests} test${tests > 1 ? 's' : ''})`);
      // Checkout's state ids begin with the machine's (`checkout.idle`), the storefront's do not.
      const linkName = state.id.startsWith(`${machine}.`) ? state.id : `${machine}.${state.id}`;
      const link = STATE_LINKS[linkName];
      if (!link) throw new Error(`No state link '${linkName}' (npm run docs:state-links).`);
      const href = `${DEV_SERVER}${link.route}?state=${linkName}`;
      states.push({
        machine,
        id: state.id,
        anchor: stateAnchor(machine, state.id),
        type: state.type,
        description: state.description,
        statuses: engineStatuses(machine, item),
        transitions: suite.anatomy.transitions
          .filter((transition) => transition.sourceId === state.id)
          .flatMap((transition) => [
            { key: transition.key, statuses: engineStatuses(machine, transition.key) },
            ...(transition.guard
              ? [
                  {
                    key: guardFalseItemKey(transition.key),
                    statuses: engineStatuses(machine, guardFalseItemKey(transition.key)),
                  },
                ]
              : []),
          ]),
        pictures: thumbnails.get(shown.picture)!,
        pictureOwner: shown.picture.owner === state.id ? null : shown.picture.owner,
        requirements: requirements.map((trace) => ({ id: trace.id, text: trace.text })),
        tests: [...files].map(([file, what]) => ({ file, what: what.join('; ') })),
        live: { href, held: `${href}&hold` },
      });
    }
  }

  const charts = await Promise.all(
    SUITES.map(async (suite) => ({
      machine: suite.name,
      svg: chartSvg(suite.name, await layoutChart(suite.anatomy), statuses(suite.name), (id) =>
        stateAnchor(suite.name, id),
      ),
    })),
  );
  const pairs = SUITES.flatMap((suite) =>
    [...reachablePairs(suite, sessionEvents(suite))].map((pair) => ({
      machine: suite.name,
      pair,
      statuses: runs.map((run) => pairStatus(run, suite.name, pair)),
    })),
  );
  const properties = TEMPORAL_PROPERTIES.map(({ id, requirement, statement }) => ({
    id,
    requirement,
    statement,
    statuses: runs.map((run) => propertyStatus(run, id, TEMPORAL_PROPERTIES.length)),
  }));
  const recordPath = (run: EngineRuns['paths']) => (run ? relative(process.cwd(), resolve(run.file)) : null);
  return {
    written: written.toISOString(),
    runs: runs.map((run) => ({
      engine: run.engine,
      paths: recordPath(run.paths),
      sessions: recordPath(run.sessions),
    })),
    charts,
    states,
    pairs,
    properties,
    failures: runs.flatMap((run) => failuresOf(run).map((failure) => ({ engine: run.engine, ...failure }))),
  };
}

/** Writes the report to `out`. */
export async function writeStatechartsReport(folders: ResultFolders = DEFAULT_FOLDERS, out = REPORT_FILE) {
  const page = reportPage(await statechartsReport(folders, out));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, page);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: REPORT_FILE } } });
  await writeStatechartsReport(DEFAULT_FOLDERS, values.out);
  console.log(`Statechart report: ${values.out}`);
}
