/** The tables of document_router: its patterns, wordings and labels, one per kind. */

export const WHOLE =
  /总结|概括|概述|全文|整份|整篇|通读|翻译(?:这份|整|全)|summari[sz]e|overview|translate the (?:whole|entire)|review the (?:whole|entire)|entire document|whole document/i;

export const ABOUT_FILES =
  /文档|文件|附件|合同|报告|政策|手册|说明书|表格|上传|这份|那份|里面|其中|第.{1,4}[条章节页]|document|file|attachment|contract|report|pdf|section|clause|page/i;

export const NAMED_ID = /\b(?:doc|file)[-_][\w-]+/gi;
