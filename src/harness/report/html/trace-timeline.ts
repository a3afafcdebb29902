/**
 * One scenario's trace as a timeline: each stage with its output, each tool
 * call with the model's authorization and the guard that stopped it or the
 * result it returned, then confirmation, hand-off and reply. The first failing
 * stage is marked and carries its attribution. Tool calls are placed after the
 * stage that led to them (reads after the fact-query plan, the policy search
 * after the rewrite, each write after its authorization).
 */
import type { PipelineTrace, StageTrace, ToolTrace } from '../../agent-registration.js';
import type { StageAttribution } from '../../scoring/failure-attribution.js';
import { html, type SafeHtml } from './safe-html.js';
import { capabilityTraceLine } from '../capability-trace-line.js';

const OUTPUT_CAP = 1_500;

export function traceTimeline(trace: PipelineTrace, firstFailingStage: string | undefined, attribution: StageAttribution | undefined): SafeHtml {
  const stages = Array.isArray(trace.stages) ? trace.stages : [];
  const pending = [...(Array.isArray(trace.tools) ? trace.tools : [])];
  const take = (pick: (t: ToolTrace) => boolean, one: boolean): ToolTrace[] => {
    const out: ToolTrace[] = [];
    for (let i = 0; i < pending.length && !(one && out.length); ) {
      if (pick(pending[i]!)) out.push(...pending.splice(i, 1));
      else i += 1;
    }
    return out;
  };
  let marked = false;
  const steps: SafeHtml[] = [];
  for (const st of stages) {
    const failing = !marked && st.stage === firstFailingStage;
    if (failing) marked = true;
    steps.push(stageStep(st, failing ? attribution : undefined, failing));
    const tools =
      st.stage === 'tool_authorization'
        ? take((t) => t.authorization !== undefined, true)
        : st.stage === 'policy_query_rewrite'
          ? take((t) => t.proposed_by === 'program', false)
          : take((t) => t.proposed_by === st.stage && t.authorization === undefined, false);
    steps.push(...tools.map(toolStep));
  }
  steps.push(...pending.map(toolStep));
  if (firstFailingStage && !marked)
    steps.push(
      html`<li class="step step-fail"><div class="step-head"><span class="badge fail">first failing stage</span> <b>${firstFailingStage}</b></div>${attribution ? attributionBlock(attribution) : ''}</li>`,
    );
  steps.push(...endSteps(trace));
  return html`<ol class="timeline">${steps}</ol>`;
}

function stageStep(st: StageTrace, attribution: StageAttribution | undefined, failing: boolean): SafeHtml {
  const cls = failing ? 'step step-fail' : st.valid ? 'step' : 'step step-invalid';
  const shown = st.output !== undefined ? JSON.stringify(st.output, null, 1) : (st.raw_output ?? '');
  return html`<li class="${cls}">
<div class="step-head"><span class="kind">stage</span> <b>${st.stage}</b> <span class="muted">${st.prompt} · ${Math.round(st.latency_ms ?? 0)} ms${st.cached ? ' · cached' : ''}</span>${failing ? html` <span class="badge fail">✗ first failing stage</span>` : ''}${st.valid ? '' : html` <span class="badge error">invalid output</span>`}</div>
${st.error ? html`<div class="step-error">${st.error}</div>` : ''}
${attribution ? attributionBlock(attribution) : ''}
<details><summary>output</summary><pre class="output">${clip(shown)}</pre></details>
</li>`;
}

function toolStep(t: ToolTrace): SafeHtml {
  const cls =
    t.status === 'blocked' || t.status === 'not_authorized' || t.status === 'declined'
      ? 'step step-blocked'
      : t.status === 'failed'
        ? 'step step-invalid'
        : 'step';
  const guard = t.block ? html`<div class="guard">guard <b>${t.block.gate}</b> stopped it: ${t.block.message}</div>` : '';
  const result = t.result ? html`<details><summary>result</summary><pre class="output">${clip(JSON.stringify(t.result, null, 1))}</pre></details>` : '';
  return html`<li class="${cls}"><div class="step-head"><span class="kind">tool</span> <b>${t.tool}</b> <code>${clip(JSON.stringify(t.args ?? {}), 200)}</code> <span class="badge ${t.status === 'executed' ? 'pass' : 'neutral'}">${t.status}</span> <span class="muted">proposed by ${t.proposed_by}${t.authorization ? ` · authorization ${t.authorization}` : ''}</span></div>${guard}${result}</li>`;
}

function endSteps(trace: PipelineTrace): SafeHtml[] {
  const out: SafeHtml[] = [];
  // Capability routing (docs/spec/capability-routing.md#what-each-turn-records): what the entry model proposed and what the server bound, turn by turn.
  for (const c of Array.isArray(trace.capability) ? trace.capability : [])
    out.push(
      html`<li class="${c.guard ? 'step step-blocked' : 'step'}"><div class="step-head"><span class="kind">capability</span> ${capabilityTraceLine(c)}</div></li>`,
    );
  if (trace.confirmation?.asked)
    out.push(
      html`<li class="step"><div class="step-head"><span class="kind">user</span> confirmation asked for ${trace.confirmation.asked_tools.join(', ') || 'an action'}: <b>${trace.confirmation.answer}</b></div></li>`,
    );
  if (trace.handoff)
    out.push(
      html`<li class="step"><div class="step-head"><span class="kind">hand-off</span> ${trace.handoff.recommended_action}</div><details><summary>summary</summary><pre class="output">${clip(JSON.stringify(trace.handoff, null, 1))}</pre></details></li>`,
    );
  out.push(
    html`<li class="step"><div class="step-head"><span class="kind">reply</span>${trace.reply_fallback ? html` <span class="muted">(program fallback)</span>` : ''}</div><pre class="output">${trace.reply === null ? '(no reply)' : clip(trace.reply)}</pre></li>`,
  );
  if (trace.notes?.length)
    out.push(
      html`<li class="step"><div class="step-head"><span class="kind">notes</span></div><ul class="notes">${trace.notes.map((n) => html`<li>${n}</li>`)}</ul></li>`,
    );
  return out;
}

export function attributionBlock(a: StageAttribution): SafeHtml {
  return html`<div class="attribution">
<div><b>${a.check}</b> failed at <b>${a.stage}</b>${a.prompt ? html` <span class="muted">(${a.prompt})</span>` : ''}</div>
<div class="eg"><span>expected</span> ${a.expected}</div>
<div class="eg"><span>got</span> ${a.got}</div>
${a.output_excerpt ? html`<div class="eg"><span>output</span> <code>${a.output_excerpt}</code></div>` : ''}
${a.consequence ? html`<div class="consequence">↳ ${a.consequence}</div>` : ''}
</div>`;
}

function clip(text: string, max = OUTPUT_CAP): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters; full text in results.jsonl)` : text;
}
