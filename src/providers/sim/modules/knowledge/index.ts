/** The retrieval, memory and moderation helpers of seed 004, each with its reference and gullible profile. */
import type { SimModule } from '../../sim-module.js';
import { contentModeration } from '../../content-moderation/content-moderation.js';
import { documentRouter } from '../../document-router/document-router.js';
import { evidenceJudge } from '../../evidence-judge/evidence-judge.js';
import { mapReduceExtractor } from '../../map-reduce-extractor/map-reduce-extractor.js';
import { memoryConflict } from '../../memory-conflict/memory-conflict.js';
import { memoryDedup } from '../../memory-dedup/memory-dedup.js';
import { memoryExtraction } from '../../memory-extraction/memory-extraction.js';

export const KNOWLEDGE_SIM_MODULES: Record<string, SimModule> = {
  document_router: documentRouter,
  evidence_judge: evidenceJudge,
  map_reduce_extractor: mapReduceExtractor,
  memory_extraction: memoryExtraction,
  memory_conflict: memoryConflict,
  memory_dedup: memoryDedup,
  content_moderation: contentModeration,
};
