/**
 * Which providers read a prompt's text. The sim family is a reference
 * implementation driven by the prompt's structured sections and schemas only:
 * a rule, the system role or a scenario's wording never reaches it, so a run
 * on sim says nothing about them.
 */
export function readsPromptText(provider: string): boolean {
  return !/^sim(:|$)/.test(provider);
}

/**
 * Sections whose content an offline provider does read, as parsed data: the
 * schemas and the lists it checks against. Any other changed line — prose,
 * rules, scenario and case-type descriptions, examples — it never sees.
 */
export const READ_AS_DATA =
  /^(input schema|output schema|detection rules|tool catalog|tool risk levels|intent taxonomy|required slot rules|forbidden phrases|untrusted input fields|claim vocabulary)$/i;
