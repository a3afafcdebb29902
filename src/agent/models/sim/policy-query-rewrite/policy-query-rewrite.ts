/**
 * policy_query_rewrite (policy_rewrite_v2). Describes the situation for
 * retrieval — tool facts when they exist, the customer's version only as
 * "用户反馈…" — and never its outcome. Policy types:
 *
 *   intent               → refund_policy | compensation_policy | cancellation_policy |
 *                          complaint_policy | human_handoff_policy | after_sales_policy (modify)
 *                          | shipping_delay or logistics_exception (logistics query)
 *   not shipped + delay  → shipping_delay_policy        (+ merchant_responsibility)
 *   logistics problem    → logistics_exception_policy   (+ logistics_responsibility)
 *   delivered + return   → return_policy
 *   quality problem      → after_sales_policy           (+ merchant_responsibility)
 *   customer's own choice→                                 user_responsibility
 *   service complaint    →                                 platform_responsibility
 *   existing after-sales → after_sales_policy
 *
 * Responsibility types are added only for refund, compensation and complaint,
 * the requests whose decision needs attribution.
 */
import { detectorsFor, findInjections, tagsOf, type InjectionFinding } from '../shared/detect-injection.js';
import { SAFETY_RISK_TAGS } from '../shared/manipulation-text.js';
import { findInputAnomalies } from '../shared/detect-input-anomalies.js';
import { outputEnum } from '../shared/output-enum.js';
import { asRecord, confidence, list, str, strings, unique } from '../shared/input-readers.js';
import { plainTextReply } from '../shared/gullible-replies.js';
import { FACT_FIELDS } from '../shared/fact-wording.js';
import { buildQueries, CONCLUSIONS, factConditions, scenarioOf, type Facts } from './policy-situation.js';
import type { PromptFile } from '../../../../harness/registry/prompt-file.js';
import type { SimModule } from '../sim-module.js';
import { GULLIBLE_WORDS, KEYWORD_SEARCH, STEERING } from './tables.js';

export const policyQueryRewrite: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);

/** Rewrites the request in the knowledge base's words: facts from tools, claims as claims, verdicts and steering left out. */
const reference: SimModule = (input, ctx) => rewrite(input, ctx.prompt).out;

/** Takes the customer's word and verdict: claims become facts, the message steers the query. */
const gullible: SimModule = (input, ctx) => {
  const { out, userQuery, rawFacts, claimTexts, queryFindings } = rewrite(input, ctx.prompt);
  if (tagsOf(queryFindings).includes('schema_override_attempt')) return plainTextReply(GULLIBLE_WORDS.proseReply);
  return {
    ...out,
    primary_rewrite_query: `${userQuery}${GULLIBLE_WORDS.steeredQuery}`,
    verified_fact_conditions: [
      ...FACT_FIELDS.map((f) => str(rawFacts[f])).filter(Boolean),
      ...claimTexts.map((t) => `${GULLIBLE_WORDS.confirmedClaim}${t.replace(/^用户(?:称|反馈|声称|表示|要求)/, '')}`),
    ],
    risk_tags: [],
  };
};

function rewrite(input: Record<string, unknown>, prompt: PromptFile) {
  const userQuery = str(input.user_query);
  const intentResult = asRecord(input.intent_result);
  const slots = asRecord(intentResult.slots);
  const rawFacts = asRecord(input.verified_tool_facts);
  const detectors = detectorsFor(prompt.structured.detectionPhrases);
  const scan = (text: string) => [...findInjections(text, detectors), ...findInputAnomalies(text)];

  const queryFindings = scan(userQuery);

  // A fact is a vocabulary value; anything else in a fact field is untrusted text, never a fact.
  const facts: Facts = {};
  const factFindings: InjectionFinding[] = [];
  for (const field of FACT_FIELDS) {
    const value = rawFacts[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (/^[a-z_]+$/.test(value.trim())) facts[field] = value.trim();
    else factFindings.push(...scan(value));
  }

  const claimTexts = list(intentResult.user_claims)
    .map((c) => str(asRecord(c).claim_text))
    .filter(Boolean);
  const claimFindings = claimTexts.flatMap(scan);
  const cleanClaims = claimTexts.filter((t) => scan(t).length === 0);
  const issue = typeof slots.issue_reason === 'string' && scan(slots.issue_reason).length === 0 ? slots.issue_reason : null;
  const claimConditions = unique((cleanClaims.length > 0 ? cleanClaims : issue ? [issue] : []).map(asClaimCondition).filter(Boolean));

  const intent = str(intentResult.intent) || 'unknown';
  const secondary = strings(intentResult.secondary_intents).filter((i) => i !== intent);
  const scenario = scenarioOf({ intent, secondary, facts, claimText: [...cleanClaims, issue ?? ''].join('；'), action: str(slots.requested_action) });
  const verified = factConditions(facts);
  const allowedTypes = outputEnum(prompt, 'policy_types');
  const policyTypes = scenario.policyTypes.filter((t) => !allowedTypes || allowedTypes.includes(t));
  const built = buildQueries({
    intent,
    secondary,
    scenario,
    policyTypes: policyTypes.length > 0 ? policyTypes : ['unknown'],
    verified,
    claimConditions,
    action: str(slots.requested_action),
  });

  const steering = STEERING.test(userQuery) ? ['possible_prompt_injection'] : [];
  const riskTags = unique([
    ...strings(intentResult.risk_tags).filter((t) => SAFETY_RISK_TAGS.has(t)),
    ...tagsOf([...queryFindings, ...factFindings, ...claimFindings]),
    ...steering,
  ]);
  const hasSlots = Object.values(slots).some((v) => v !== null && v !== undefined && v !== '');
  const strategy = KEYWORD_SEARCH.test(userQuery)
    ? 'keyword'
    : intent === 'unknown' || (!hasSlots && claimConditions.length === 0 && verified.length === 0)
      ? 'dense'
      : 'hybrid';

  const out: Record<string, unknown> = {
    primary_rewrite_query: built.primary,
    query_variants: built.variants,
    keywords: built.keywords,
    policy_types: policyTypes.length > 0 ? policyTypes : ['unknown'],
    user_claim_conditions: claimConditions,
    verified_fact_conditions: verified,
    must_include_conditions: built.mustInclude,
    negative_filters: scenario.negativeFilters,
    retrieval_strategy: strategy,
    evidence_requirements: built.requirements,
    retrieval_intent: built.retrievalIntent,
    risk_tags: riskTags,
    confidence: confidence(intent === 'unknown' ? 0.55 : verified.length > 0 ? 0.94 : claimConditions.length > 0 ? 0.8 : 0.7),
  };
  return { out, userQuery, rawFacts, claimTexts, queryFindings };
}

/** A claim restated as "用户反馈…", with any verdict the customer attached removed (rule 5). */
function asClaimCondition(text: string): string {
  const body = text
    .replace(/^用户(?:称|反馈|声称|表示|说|认为)/, '')
    .replace(CONCLUSIONS, '')
    .replace(/[，,。.！!；;、\s]+$/, '')
    .trim();
  return body ? `用户反馈${body}` : '';
}
