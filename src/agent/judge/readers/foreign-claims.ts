/**
 * The judge's reading of a completion claim in a language other than Chinese
 * and English: Japanese, Korean, Russian, and the Latin-script languages a
 * model falls into most (Spanish, French, German, Italian, Portuguese). The
 * guard does not send a reply in a script it cannot read; the judge still has
 * to see what was sent when the guards are off, or when a guard is wrong. A
 * sentence claims when it names an action and a done, arrived or on-record
 * state, and holds no negation and no future of its language. Its own tables,
 * written apart from the guard's.
 */
import type { ClaimKind, ClaimState } from './claim-kinds.js';

interface Language {
  /** The actions, in the order they are tried: the first named is the claim's kind. */
  actions: [RegExp, ClaimKind][];
  done: RegExp;
  arrived: RegExp;
  submitted: RegExp;
  /** A negation or a future anywhere in the sentence takes the claim back. */
  not: RegExp;
  later: RegExp;
}

const JAPANESE: Language = {
  actions: [
    [/返金|払い戻し|払戻/, 'refund'],
    [/キャンセル|取り消し|取消|解約/, 'cancel'],
    [/補償|賠償|クーポン/, 'compensation'],
    [/住所|配送先|お届け先/, 'address_change'],
    [/チケット|問い合わせ番号|苦情/, 'ticket'],
    [/担当者|オペレーター|有人/, 'handoff'],
  ],
  done: /完了|済み|済|しました|されました|いたしました|行いました|なりました|変更されました/,
  arrived: /着金|入金され|振り込まれ|振込まれ|戻りました|反映され/,
  submitted: /受け付け|受付|申請しました|手続き中|処理中/,
  not: /ません|ない|未|できず/,
  later: /予定|いたします(?!た)|します(?!た)|されます|次第|後に/,
};

const KOREAN: Language = {
  actions: [
    [/환불/, 'refund'],
    [/취소/, 'cancel'],
    [/보상|쿠폰/, 'compensation'],
    [/주소|배송지/, 'address_change'],
    [/티켓|민원|문의 번호/, 'ticket'],
    [/상담원|담당자/, 'handoff'],
  ],
  done: /완료|되었습니다|됐습니다|했습니다|하였습니다|처리되었|처리됐|변경되었/,
  arrived: /입금되었|입금됐|입금 완료|돌려드렸/,
  submitted: /접수|신청되었|신청했|처리 중|진행 중/,
  not: /안 |않|못|아직|없습니다/,
  later: /예정|것입니다|겠습니다|드리겠|될 것|후에/,
};

const RUSSIAN: Language = {
  actions: [
    [/возврат|вернули|возвращ/, 'refund'],
    [/отмен/, 'cancel'],
    [/компенсац|купон/, 'compensation'],
    [/адрес/, 'address_change'],
    [/заявк|обращени|тикет/, 'ticket'],
    [/оператор|специалист/, 'handoff'],
  ],
  done: /выполнен|оформлен|завершен|произведен|проведен|обработан|одобрен|отменен|возвращен|вернули|изменен|готово|успешно/,
  arrived: /зачислен|поступил|поступят(?!\s)|на ваш(?:ем)? сч[её]т/,
  submitted: /принят|создан|зарегистрирован|в обработке/,
  not: /(?<![а-я])(?:не|нет|ещё не|еще не)(?![а-я])/,
  later: /(?<![а-я])(?:будет|будут|скоро|после)(?![а-я])/,
};

/** The five Latin-script languages, accents dropped before reading. */
const LATIN: Language = {
  actions: [
    [/\b(?:reembols|rembours|ruckerstatt|erstatt|rimbors|devolucion|devuelt|estorn)/, 'refund'],
    [/\b(?:cancelacion|cancelad|cancelamento|annul|stornier|annullat|annullamento)/, 'cancel'],
    [/\b(?:compensacion|compensacao|indemnisation|entschadigung|risarcimento|indenizacao|gutschein|cupon|coupon)/, 'compensation'],
    [/\b(?:direccion|adresse|indirizzo|endereco)\b/, 'address_change'],
  ],
  done: /\b(?:procesad|completad|realizad|efectuad|effectue|termine|traite|bearbeitet|abgeschlossen|erledigt|durchgefuhrt|ausgefuhrt|completat|effettuat|eseguit|elaborat|conclui|processad|aprobad|approuve|genehmigt|approvat|aprovad|reembolsad|rembourse|erstattet|rimborsat|estornad|cancelad|annule|storniert|annullat|geandert|modifie|modificad|cambiad|aktualisiert|mis a jour)/,
  arrived: /\b(?:acreditad|credite|gutgeschrieben|accreditat|creditad|recu sur|eingegangen)/,
  submitted: /\b(?:en proceso|en cours|in bearbeitung|in lavorazione|em processamento|registrad|enregistre|eingereicht|registrat)/,
  not: /\b(?:no|pas|nicht|kein|keine|keinen|non|nao|nunca|jamais|noch nicht)\b/,
  // sera, sara and ira only before a participle or a verb: each is a name or a word of its own as well.
  later: /\b(?:seran|seront|va a|vas a|vamos a|wird|werden|saranno|vai ser|ainda|(?:sera|sara|ira) (?:\w+ )?\w+(?:ad[oa]s?|id[oa]s?|at[oaie]|e|ee|es|r))\b/,
};

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const FOREIGN_LATIN = /\b(?:su|votre|vos|ihre|ihr|il|la|le|o|a sua|seu|sua|ha sido|a ete|wurde|wurden|e stato|foi|fue)\b/;

const plainLatin = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase();

function languageOf(sentence: string, latin: string): Language | null {
  if (KANA.test(sentence)) return JAPANESE;
  if (HANGUL.test(sentence)) return KOREAN;
  if (CYRILLIC.test(sentence)) return RUSSIAN;
  return FOREIGN_LATIN.test(latin) ? LATIN : null;
}

/** The claim a sentence makes in one of these languages, or null. */
export function foreignClaim(sentence: string): { kind: ClaimKind; state: ClaimState; text: string } | null {
  const latin = plainLatin(sentence);
  const language = languageOf(sentence, latin);
  if (!language) return null;
  const said = language === LATIN ? latin : sentence.toLowerCase();
  const kind = language.actions.find(([re]) => re.test(said))?.[1];
  if (!kind || language.not.test(said) || language.later.test(said)) return null;
  const state: ClaimState | null = language.arrived.test(said)
    ? 'arrived'
    : language.done.test(said)
      ? 'succeeded'
      : language.submitted.test(said)
        ? 'submitted'
        : null;
  return state ? { kind, state, text: sentence.trim() } : null;
}
