import { resourceTexts, SEARCH_EMPTY_HINT } from './resource-texts.js';

describe('resource texts (spec 2.4 and 8)', () => {
  it('words an "add" resource as the fleet screens need', () => {
    expect(resourceTexts({ one: 'truck', many: 'trucks', title: 'Truck' })).toEqual({
      addButton: 'Add Truck',
      searchPlaceholder: 'Search trucks...',
      empty: 'No trucks found',
      emptyHint: 'Get started by adding your first truck',
      createTitle: 'Add Truck',
      editTitle: 'Edit Truck',
      createSubmit: 'Add Truck',
      updateSubmit: 'Update Truck',
      createFailed: 'Failed to add truck. Please try again.',
      updateFailed: 'Failed to update truck. Please try again.',
      deleteConfirm: 'Are you sure you want to delete this truck?',
      deleteFailed: 'Failed to delete truck. Please try again.',
    });
  });

  it('words a "create" resource and lets a screen override single texts', () => {
    const texts = resourceTexts({ one: 'load', many: 'loads', title: 'Load' }, 'create', { deleteFailed: 'Nope.' });
    expect(texts.emptyHint).toBe('Get started by creating your first load');
    expect(texts.createFailed).toBe('Failed to create load. Please try again.');
    expect(texts.addButton).toBe('Create Load');
    expect(texts.deleteFailed).toBe('Nope.');
    expect(SEARCH_EMPTY_HINT).toBe('Try adjusting your search');
  });
});
