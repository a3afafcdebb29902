/** The tables of memory_conflict: its patterns, wordings and labels, one per kind. */

export const CHANGED = /搬到|搬去|改成|改为|换成|换到|现在|已经|从今以后|以后都|不再|不住|moved|now|no longer|from now on|switched|changed/i;

export const DOUBT = /可能|也许|或许|好像|大概|考虑|打算|想|不确定|听说|朋友说|据说|maybe|perhaps|might|probably|not sure|thinking|heard|friend said/i;

export const ALSO = /也|同时|另外|兼职|还在|第二份|as well|also|second job|part-time/i;
