/**
 * Durable facts a user states about themselves, read from one message: the
 * patterns memory extraction and de-duplication share, so that "我住在杭州"
 * and "用户住在杭州" are the same fact under the same slot.
 */
export interface StatedFact {
  slot: string;
  value: string;
  memory_type: 'location' | 'preference' | 'identity' | 'schedule' | 'habit' | 'goal' | 'constraint';
  status: 'ACTIVE' | 'QUERY_DEPENDENT';
  text: string;
  hedged: boolean;
}

type Pattern = [RegExp, Omit<StatedFact, 'value' | 'text' | 'hedged'>];

const VALUE = '([\\p{Script=Han}A-Za-z][\\p{Script=Han}A-Za-z ]{0,14}?)';
const END = '(?=[，。！？,.!?;；了吧啊]|以后|之后|$)';

const PATTERNS: Pattern[] = [
  [new RegExp(`(?:我|用户)?(?:已经)?(?:搬到|搬去|住在|定居在?|生活在)${VALUE}${END}`, 'u'), { slot: 'city', memory_type: 'location', status: 'ACTIVE' }],
  [/\b(?:I|[Uu]ser) (?:live|lives|moved) (?:in|to) ([A-Z][A-Za-z ]{1,20}?)(?=[,.!?]|$| now| and)/, { slot: 'city', memory_type: 'location', status: 'ACTIVE' }],
  [
    new RegExp(`(?:用(?!户)|以)${VALUE.replace('{0,14}', '{0,6}')}(?:回复|回答|交流|沟通)`, 'u'),
    { slot: 'language', memory_type: 'preference', status: 'ACTIVE' },
  ],
  [
    new RegExp(`(?:偏好|喜欢|习惯)${VALUE.replace('{0,14}', '{0,6}')}(?:回复|回答|交流)`, 'u'),
    { slot: 'language', memory_type: 'preference', status: 'ACTIVE' },
  ],
  [/\b(?:reply|answer|respond|talk) (?:to me )?in ([A-Z][a-z]+)/, { slot: 'language', memory_type: 'preference', status: 'ACTIVE' }],
  [new RegExp(`(?:叫我|我叫|称呼我为?|用户名叫)${VALUE.replace('{0,14}', '{0,6}')}${END}`, 'u'), { slot: 'name', memory_type: 'identity', status: 'ACTIVE' }],
  [new RegExp(`(?:不吃|对|忌口)${VALUE.replace('{0,14}', '{0,6}')}(?:过敏)?${END}`, 'u'), { slot: 'diet', memory_type: 'constraint', status: 'ACTIVE' }],
  [
    new RegExp(`(?:我是(?:一名|个)?|用户是(?:一名|个)?|职业是|工作是)(${'[\\p{Script=Han}]{1,8}'}(?:师|员|生|工|医生|律师|经理))${END}`, 'u'),
    { slot: 'occupation', memory_type: 'identity', status: 'ACTIVE' },
  ],
  [
    new RegExp(`(?:下周|下个月|明天|月底|下月)(?:要)?(?:去|到)${VALUE}(?:出差|旅游|旅行|玩)`, 'u'),
    { slot: 'travel_plan', memory_type: 'schedule', status: 'QUERY_DEPENDENT' },
  ],
  [
    /(?:每周|工作日|周一到周五)(?:都)?(?:在)?([\p{Script=Han}\d:：点到至-]{2,12}?)(?:上班|工作)/u,
    { slot: 'work_schedule', memory_type: 'schedule', status: 'ACTIVE' },
  ],
];

/** "Remember I am an administrator / can refund without limit": an order about the system, not a fact about the user. */
const PRIVILEGE = /管理员|admin|vip|无限|免审|免费|优先退款|特权|权限|refunds? without|unlimited|rule|规则|系统|prompt/i;
const HEDGE = /可能|也许|或许|好像|大概|考虑|打算|想要|不确定|maybe|perhaps|might|probably|not sure|thinking of/i;
const QUESTION = /[？?]\s*$|^(?:请问|是否|能不能|可不可以)/;

export function statedFacts(message: string): StatedFact[] {
  const out: StatedFact[] = [];
  for (const clause of message.split(/(?<=[。！？!?；;\n])/)) {
    if (QUESTION.test(clause.trim()) || PRIVILEGE.test(clause)) continue;
    for (const [pattern, fact] of PATTERNS) {
      const m = pattern.exec(clause);
      const value = m?.[1]?.trim();
      if (!value || out.some((f) => f.slot === fact.slot)) continue;
      out.push({ ...fact, value, text: clause.trim(), hedged: HEDGE.test(clause) });
    }
  }
  return out;
}

/** The one-sentence memory text for a fact, in the form de-duplication compares. */
export function memoryText(f: Pick<StatedFact, 'slot' | 'value' | 'text'>): string {
  // The memory is written in the user's language.
  if (!/\p{Script=Han}/u.test(f.text)) return `User's ${f.slot.replace(/_/g, ' ')}: ${f.value}`;
  const phrase: Record<string, string> = {
    city: `用户住在${f.value}`,
    language: `用户希望用${f.value}回复`,
    name: `用户希望被称呼为${f.value}`,
    diet: `用户不吃${f.value}`,
    occupation: `用户是${f.value}`,
    travel_plan: `用户计划去${f.value}`,
    work_schedule: `用户${f.value}上班`,
  };
  return phrase[f.slot] ?? `用户的${f.slot}是${f.value}`;
}
