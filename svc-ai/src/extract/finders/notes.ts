import { joinNotes, noteSections } from '../notes-section.js';
import type { Finder } from './finder.js';

const EQUIPMENT = /\b(?:equipment|trailer(?:\s+type)?|truck\s+type)\s*[:\-]\s*([^\n]{2,60})/i;
const TEMPERATURE = /\b(?:temp(?:erature)?|reefer\s+set(?:\s+at)?)\s*(?:[:\-]\s*)?(-?\d{1,3}\s*(?:°\s*)?[FC])\b/i;
const SEAL = /\bseal[^\S\n]*(?:(?:number|no\.?|#)(?:\(s\))?[^\S\n]*)?[:#]?[^\S\n]*([A-Z0-9][A-Z0-9-]{3,})/i;
const REFERENCE = /\b(?:po|purchase\s+order|customer\s+order|reference|ref)\s*(?:(?:number|no\.?|#)\s*)?(?:is|:|#)\s*([A-Z0-9][A-Z0-9-]{2,})/i;

/** The notes: the document's own instructions (its notes sections), then equipment, temperature, reference and seal. */
export const notesFinder: Finder = ({ text }) => {
  const sections = noteSections(text);
  const notes = joinNotes([...sections, ...noteFacts(text)]);
  return notes ? { notes: { value: notes, confidence: sections.length ? 0.8 : 0.6 } } : {};
};

/** What a dispatcher should see beside the document's own instructions: equipment, temperature, references, seal. */
function noteFacts(text: string): string[] {
  const notes: string[] = [];
  const equipment = EQUIPMENT.exec(text);
  if (equipment) notes.push(`Equipment: ${equipment[1].trim().replace(/\s{2,}.*$/, '')}`);
  const temperature = TEMPERATURE.exec(text);
  if (temperature) notes.push(`Temperature: ${temperature[1].replace(/\s+/g, '')}`);
  const reference = REFERENCE.exec(text);
  if (reference && /\d/.test(reference[1])) notes.push(`Reference: ${reference[1].replace(/[.-]+$/, '')}`);
  const seal = SEAL.exec(text);
  if (seal && /\d/.test(seal[1])) notes.push(`Seal: ${seal[1]}`);
  return notes;
}
