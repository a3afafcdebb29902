/** The tables of content_moderation: its patterns, wordings and labels, one per kind. */

export const HARMS: Record<string, RegExp> = {
  weapons:
    /(?:怎么|如何|教我|步骤|配方|方法|how to|steps to|recipe for|instructions for).{0,12}(?:制作|做|造|组装|合成|make|build|assemble)?.{0,6}(?:炸弹|炸药|爆炸物|枪|bomb|explosive|gun|weapon)|(?:炸弹|炸药|爆炸物|bomb|explosive)的?(?:配方|制作|做法|步骤|教程|recipe|instructions)/i,
  self_harm:
    /(?:自杀|割腕|轻生).{0,6}(?:方法|办法|步骤|怎么)|(?:怎么|如何).{0,6}(?:自杀|结束自己的生命)|how (?:to|do i|can i) (?:kill myself|end my life)|suicide method|(?:kill myself|end my life).{0,30}\b(?:how|method|way)\b/i,
  threats: /(?:我要|我会|我一定)(?:杀了|弄死|砍死|炸了)|i (?:will|'m going to|am going to) (?:kill|hurt|shoot)/i,
  doxxing:
    /(?:人肉|查出|扒出|公开|找到).{0,8}(?:住址|家庭地址|身份证|手机号|电话|家在哪)|(?:find|post|expose|dox).{0,20}(?:home address|phone number|id number)/i,
  minors: /(?:未成年|儿童|小学生|child|minor).{0,10}(?:色情|裸|性|sexual|nude)/i,
};

export const CATEGORY_WORDS: Record<string, RegExp> = {
  weapons: /weapon|explosive|bomb|武器|爆炸|枪/i,
  self_harm: /self.?harm|suicide|自残|自杀/i,
  threats: /threat|violence|暴力|威胁/i,
  doxxing: /dox|privacy|隐私|人肉/i,
  minors: /child|minor|未成年|儿童/i,
};

export const TOLD = /(?:回答|回复|输出|答|reply|answer|respond|say)\s*(?:with\s*)?["“]?(ALLOW|BLOCK)/i;
