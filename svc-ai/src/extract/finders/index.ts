import { commodityFinder } from './commodity.js';
import { datesFinder } from './dates.js';
import type { Finder } from './finder.js';
import { loadNumberFinder } from './load-number.js';
import { notesFinder } from './notes.js';
import { placesFinder } from './places.js';
import { rateFinder } from './rate.js';
import { weightFinder } from './weight.js';

export { readingOf, type Finder, type Finding, type Findings } from './finder.js';

/** The offline extractor's finders, in the order their fields are answered. */
export const FINDERS: readonly Finder[] = [loadNumberFinder, placesFinder, datesFinder, rateFinder, weightFinder, commodityFinder, notesFinder];
