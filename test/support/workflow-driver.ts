/**
 * Runs the jobs of a GitHub Actions workflow here, step by step, as a runner
 * would: each `run:` script through `bash --noprofile --norc -eo pipefail`
 * with the variables a runner sets ($GITHUB_OUTPUT, $GITHUB_ENV,
 * $GITHUB_STEP_SUMMARY, $RUNNER_TEMP), `${{ }}` expressions filled in, step
 * outputs and `if:` conditions honoured, and the few actions the workflow
 * uses stood in for: checkout (a git clone of a local repository at the
 * given ref), setup-node (the node running the tests), upload/download-artifact
 * (a folder). An expression, condition or action it does not know is an
 * error, so that the workflow cannot drift past what this driver checks.
 *
 * What it cannot show: that GitHub picks the copy of the workflow it is
 * given (pull_request_target runs the target branch's), what the real
 * actions do beyond the above, the permissions of the token, and how secrets
 * are masked. Those are checked statically by the tests, or not at all.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface WorkflowStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

interface WorkflowJob {
  needs?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix: { shard: number[] } };
  steps: WorkflowStep[];
}

export interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  jobs: Record<string, WorkflowJob>;
}

interface PullRequestEvent {
  number: number;
  baseSha: string;
  headSha: string;
  /** owner/name of the head repository; `repositories` maps it to a local git repository. */
  headRepo: string;
  labels: string[];
}

export interface DriverContext {
  event: PullRequestEvent;
  /** owner/name → path of a local git repository standing in for it. */
  repositories: Record<string, string>;
  /** owner/name of the repository the workflow runs in. */
  repository: string;
  secrets: Record<string, string>;
  /** The run's artifact storage: one folder per artifact. */
  artifacts: string;
  /** The environment every step starts from (PATH, HOME, ...). */
  env: Record<string, string>;
  /** Where each job's workspace and runner temp folder are made. */
  scratch: string;
}

export interface JobResult {
  /** The first step that failed, by name; null when every step that ran succeeded. */
  failedStep: string | null;
  summary: string;
  log: string;
  workspace: string;
  runnerTemp: string;
}

/** Runs one job (for a matrix job, one of its cells). */
export function runJob(workflow: Workflow, jobName: string, context: DriverContext, matrix: { shard?: number } = {}): JobResult {
  const job = workflow.jobs[jobName];
  if (!job) throw new Error(`no job ${jobName}`);
  const root = mkdtempSync(join(context.scratch, `job-${jobName}-`));
  const workspace = join(root, 'workspace');
  const runnerTemp = join(root, 'runner-temp');
  mkdirSync(workspace);
  mkdirSync(runnerTemp);
  const summaryFile = join(root, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const jobEnv: Record<string, string> = {};
  const outputs: Record<string, Record<string, string>> = {};
  const log: string[] = [];
  let failedStep: string | null = null;

  const expression = (expr: string): string => {
    const e = expr.trim();
    const pr = context.event;
    const known: Record<string, string | number | undefined> = {
      'matrix.shard': matrix.shard,
      'strategy.job-total': job.strategy?.matrix.shard.length,
      'runner.temp': runnerTemp,
      'github.repository': context.repository,
      'github.event.pull_request.number': pr.number,
      'github.event.pull_request.base.sha': pr.baseSha,
      'github.event.pull_request.head.sha': pr.headSha,
      'github.event.pull_request.head.repo.full_name': pr.headRepo,
    };
    if (e in known && known[e] !== undefined) return String(known[e]);
    let m = /^secrets\.(\w+)$/.exec(e);
    if (m) return context.secrets[m[1]!] ?? '';
    m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
    if (m) return outputs[m[1]!]?.[m[2]!] ?? '';
    m = /^contains\(github\.event\.pull_request\.labels\.\*\.name, '([^']*)'\) && '([^']*)' \|\| ''$/.exec(e);
    if (m) return pr.labels.includes(m[1]!) ? m[2]! : '';
    throw new Error(`the workflow driver does not know the expression \${{ ${e} }}`);
  };
  const fill = (text: string) => text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, e: string) => expression(e));
  const condition = (cond: string | undefined): boolean => {
    if (cond === undefined) return failedStep === null;
    const c = cond.trim();
    if (c === 'always()') return true;
    const m = /^steps\.([\w-]+)\.outputs\.([\w-]+) != '([^']*)'$/.exec(c);
    if (m) return failedStep === null && (outputs[m[1]!]?.[m[2]!] ?? '') !== m[3];
    throw new Error(`the workflow driver does not know the condition ${c}`);
  };

  for (const [index, step] of job.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${index + 1}`;
    if (!condition(step.if)) {
      log.push(`skipped: ${name}`);
      continue;
    }
    const withArgs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, fill(String(v))]));
    try {
      if (step.uses) useAction(step.uses, withArgs, workspace, context);
      else if (step.run !== undefined) {
        const outputFile = join(root, `output-${index}`);
        const envFile = join(root, `env-${index}`);
        writeFileSync(outputFile, '');
        writeFileSync(envFile, '');
        const script = join(root, `step-${index}.sh`);
        writeFileSync(script, fill(step.run));
        const env = {
          ...context.env,
          ...Object.fromEntries(Object.entries(workflow.env ?? {}).map(([k, v]) => [k, fill(v)])),
          ...jobEnv,
          ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(v)])),
          GITHUB_ACTIONS: 'true',
          GITHUB_WORKSPACE: workspace,
          RUNNER_TEMP: runnerTemp,
          GITHUB_OUTPUT: outputFile,
          GITHUB_ENV: envFile,
          GITHUB_STEP_SUMMARY: summaryFile,
        };
        const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
          cwd: join(workspace, step['working-directory'] ?? '.'),
          env,
          encoding: 'utf8',
          timeout: 240_000,
        });
        log.push(`== ${name} (exit ${r.status})\n${r.stdout}${r.stderr}`);
        if (step.id) outputs[step.id] = keyValues(readFileSync(outputFile, 'utf8'));
        Object.assign(jobEnv, keyValues(readFileSync(envFile, 'utf8')));
        if (r.status !== 0) throw new Error(`exit ${r.status ?? r.signal}`);
      }
    } catch (error) {
      log.push(`failed: ${name}: ${(error as Error).message}`);
      failedStep ??= name;
    }
  }
  return { failedStep, summary: readFileSync(summaryFile, 'utf8'), log: log.join('\n'), workspace, runnerTemp };
}

function keyValues(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

function useAction(uses: string, args: Record<string, string>, workspace: string, context: DriverContext): void {
  const [action, ref] = uses.split('@');
  if (!/^[0-9a-f]{40}$/.test(ref ?? '')) throw new Error(`${uses} is not pinned to a commit`);
  switch (action) {
    case 'actions/checkout': {
      const repo = context.repositories[args.repository ?? context.repository];
      if (!repo) throw new Error(`no local repository for ${args.repository ?? context.repository}`);
      const dest = join(workspace, args.path ?? '.');
      git(workspace, 'clone', '-q', '--no-checkout', repo, dest);
      git(dest, 'checkout', '-q', '--detach', args.ref ?? 'HEAD');
      return;
    }
    case 'actions/setup-node':
      return;
    case 'actions/upload-artifact': {
      const dest = join(context.artifacts, args.name!);
      if (!existsSync(args.path!)) return; // if-no-files-found: warn
      cpSync(args.path!, dest, { recursive: true });
      return;
    }
    case 'actions/download-artifact': {
      const pattern = new RegExp(`^${args.pattern!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      for (const name of readdirSync(context.artifacts).filter((n) => pattern.test(n)))
        cpSync(join(context.artifacts, name), join(args.path!, name), { recursive: true });
      return;
    }
    default:
      throw new Error(`the workflow driver has no stand-in for ${uses}`);
  }
}

export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', '-c', 'advice.detachedHead=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH!, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
