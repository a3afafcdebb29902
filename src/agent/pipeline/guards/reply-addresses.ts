/**
 * An address in a reply is a statement about the world: where an order goes.
 * Whatever the words around it ("地址已改为", "现在是", "now reads", a table
 * cell), a reply may name only an address the records hold for the
 * customer's own orders now, or one the customer wrote. So an address change
 * claimed in a wording no claim reader knows is still stopped, by the address
 * itself not being the one on record.
 */
import { fold } from './untrusted-text-forms.js';
import { readingForm } from './claim-reading/reading-form.js';

/** A Chinese postal address: a place (省/市/区/县) followed by at least one street-level part (路, 号, 弄, 室 …). */
const ADDRESS =
  /\p{Script=Han}{1,10}(?:省|市|自治区|区|县)(?:[\p{Script=Han}\d\s-]{0,14}?(?:大道|路|街|道|巷|弄|胡同|号院|号楼|号|村|镇|院|楼|室|栋|单元|座))+/gu;

const PLACE = /省|市|自治区|区|县/u;

/** The first address in `reply` that is neither on the customer's records now nor in their words, or null. */
export function unheldAddress(reply: string, held: readonly string[], said: string): string | null {
  const allowed = [...held, said].map(fold);
  for (const m of readingForm(reply).matchAll(ADDRESS)) {
    const address = fold(m[0]);
    // The match may start with the words before the place (寄往杭州市…): held when, from some start up to the
    // character before its first place name, the rest is an address on record or in the customer's words.
    const place = address.search(PLACE);
    const starts = Array.from({ length: Math.max(1, place) }, (_, i) => i);
    if (!starts.some((i) => allowed.some((a) => a.includes(address.slice(i))))) return fold(m[0]);
  }
  return null;
}
