/**
 * The words a list screen and its dialog say, built once from spec 2.4 and 8 for every resource:
 * 'No trucks found', 'Get started by adding your first truck', 'Are you sure you want to delete this truck?',
 * 'Failed to add truck. Please try again.', ... A screen whose spec wording differs overrides single texts.
 */
export interface ResourceTexts {
  /** The page's Create/Add button, e.g. 'Add Truck'. */
  addButton: string;
  searchPlaceholder: string;
  /** 'No trucks found'. */
  empty: string;
  /** The empty state's hint when no search is active: 'Get started by adding your first truck'. */
  emptyHint: string;
  createTitle: string;
  editTitle: string;
  createDescription?: string;
  editDescription?: string;
  createSubmit: string;
  updateSubmit: string;
  /** The submit button's text while saving; the button only spins when absent. */
  savingSubmit?: string;
  createFailed: string;
  updateFailed: string;
  deleteConfirm: string;
  deleteFailed: string;
  /** Success toasts, for the screens whose spec has them (title, then optional text). */
  created?: [string, string?];
  updated?: [string, string?];
  deleted?: [string, string?];
}

export interface ResourceNoun {
  /** Lower case, singular: 'truck', 'maintenance record'. */
  one: string;
  /** Lower case, plural: 'trucks'. */
  many: string;
  /** As in titles: 'Truck'. */
  title: string;
}

/** The verb of the Create/Add button: spec 2.4 says 'creating' or 'adding' depending on the screen. */
export type CreateVerb = 'add' | 'create' | 'record' | 'receive' | 'report';

/** Spec 2.4: with a search active, the empty state's hint. */
export const SEARCH_EMPTY_HINT = 'Try adjusting your search';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const gerund = (verb: CreateVerb) => (verb.endsWith('e') ? verb.slice(0, -1) : verb) + 'ing';

export function resourceTexts(noun: ResourceNoun, verb: CreateVerb = 'add', overrides: Partial<ResourceTexts> = {}): ResourceTexts {
  const create = `${capitalized(verb)} ${noun.title}`;
  return {
    addButton: create,
    searchPlaceholder: `Search ${noun.many}...`,
    empty: `No ${noun.many} found`,
    emptyHint: `Get started by ${gerund(verb)} your first ${noun.one}`,
    createTitle: create,
    editTitle: `Edit ${noun.title}`,
    createSubmit: create,
    updateSubmit: `Update ${noun.title}`,
    createFailed: `Failed to ${verb} ${noun.one}. Please try again.`,
    updateFailed: `Failed to update ${noun.one}. Please try again.`,
    deleteConfirm: `Are you sure you want to delete this ${noun.one}?`,
    deleteFailed: `Failed to delete ${noun.one}. Please try again.`,
    ...overrides,
  };
}
