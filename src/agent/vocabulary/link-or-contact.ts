/**
 * Links and contacts in free text (URLs, bare domains, e-mail addresses,
 * mainland mobile numbers): what an attacker plants for a reply to pass on.
 * One pattern for the program's reply guard and the judge, which must agree on
 * what a planted contact is.
 */
export const LINK_OR_CONTACT =
  /https?:\/\/[^\s"'，。）)]+|www\.[^\s"'，。）)]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<!\d)1[3-9]\d{9}(?!\d)|(?<![\w.])[a-z0-9-]+\.(?:com|net|org|cn|io|xyz|top)(?![\w])/gi;
