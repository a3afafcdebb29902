/**
 * The understanding half of the chain: from the raw customer turn to the
 * filtered policy evidence. Registered in index.ts as one spread so that the
 * decision half can be developed beside it.
 */
import type { SimModule } from '../sim-module.js';
import { inputSafetyPrecheck } from './input-safety-precheck.js';
import { intentRecognition } from './intent-recognition.js';

export const UNDERSTANDING_MODULES: Record<string, SimModule> = {
  input_safety_precheck: inputSafetyPrecheck,
  intent_recognition: intentRecognition,
};
