// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComplianceSearchResult } from '../../../../../../contract/compliance';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { entityView } from '../../../../../testing/entity';
import { renderWithProviders } from '../../../../../testing/render';
import ComplianceEntityRoute from '../entity';
import ComplianceSearchRoute from '../search';

startMockBff();
afterEach(cleanup);

// searchEntity (§4.12) failed while searchAccount (§4.11) answered, with no account matching.
const entitiesUnsearched: ComplianceSearchResult = {
  accounts: [],
  entities: [],
  skippedRecords: 0,
  unsearched: ['entities'],
};

function answerSearch(result: ComplianceSearchResult) {
  bff.use(http.get('/api/compliance/search', () => HttpResponse.json(result)));
}

describe('a reviewer searches while the platform answers only half of the search', () => {
  it('is told the entities went unsearched, not that none matches', async () => {
    answerSearch(entitiesUnsearched);
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    expect(
      await screen.findByText(
        '0 accounts match “quinn”. Entities could not be searched right now.',
      ),
    ).toBeTruthy();
    const entities = screen.getByRole('region', { name: 'Entities' });
    expect(within(entities).getByText(/did not answer the search for entities/)).toBeTruthy();
    expect(within(entities).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('No account matches.')).toBeTruthy();
  });

  it('one match of the half that answered is counted, and agreed with, in the singular', async () => {
    answerSearch({
      accounts: [],
      entities: [entityView({ id: 'E2001', name: 'Quinn Holdings LLC' })],
      skippedRecords: 0,
      unsearched: ['accounts'],
    });
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    expect(
      await screen.findByText(
        '1 entity matches “quinn”. Accounts could not be searched right now.',
      ),
    ).toBeTruthy();
  });

  it('no entity matching is said in words, as for accounts', async () => {
    answerSearch({ accounts: [], entities: [], skippedRecords: 0, unsearched: [] });
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=zzzz' });
    const entities = await screen.findByRole('region', { name: 'Entities' });
    expect(within(entities).getByText('No entity matches.')).toBeTruthy();
    expect(within(entities).queryByRole('grid')).toBeNull();
  });

  it('the button that ran a search keeps the focus, and the box shows the search', async () => {
    answerSearch({ accounts: [], entities: [], skippedRecords: 0, unsearched: [] });
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    await screen.findByText('0 accounts and 0 entities match “quinn”.');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'avery' } });
    const button = screen.getByRole('button', { name: 'Search' });
    button.focus();
    fireEvent.click(button);
    await screen.findByText('0 accounts and 0 entities match “avery”.');
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'avery');
  });

  it('opening an entity then says it could not be loaded, not that it does not exist', async () => {
    answerSearch(entitiesUnsearched);
    renderWithProviders(<ComplianceEntityRoute />, {
      path: '/compliance/entities/E7100124?q=quinn',
    });
    expect(await screen.findByText('The entity could not be loaded')).toBeTruthy();
    expect(screen.queryByText('Entity not found')).toBeNull();
  });
});

describe('a reviewer searches while the platform refused the portal’s own access to half of it', () => {
  const access =
    'The portal’s access to the platform is not set up correctly. Please contact support.';
  const refused: ComplianceSearchResult = {
    ...entitiesUnsearched,
    unsearchedErrors: {
      entities: { code: 'upstream_misconfigured', message: access, requestId: 'req-103' },
    },
  };

  it('is told who must act and our reference, with no Try again, as a whole page would', async () => {
    answerSearch(refused);
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    expect(
      await screen.findByText('0 accounts match “quinn”. Entities could not be searched.'),
    ).toBeTruthy();
    const entities = screen.getByRole('region', { name: 'Entities' });
    expect(within(entities).getByRole('alert').textContent).toBe(
      `Entities could not be searched, so matching entities are not listed. ${access} Give support this reference: req-103. The rest of the results are complete.`,
    );
    expect(within(entities).queryByRole('button')).toBeNull();
  });

  it('opening an entity says the same, with no Try again', async () => {
    answerSearch(refused);
    renderWithProviders(<ComplianceEntityRoute />, {
      path: '/compliance/entities/E7100124?q=quinn',
    });
    const alert = (await screen.findByText('The entity could not be loaded')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert.textContent).toBe(
      `The entity could not be loadedEntities could not be searched. ${access} Give support this reference: req-103.`,
    );
    expect(within(alert).queryByRole('button')).toBeNull();
  });
});

describe('a reviewer searches while the platform sent some matches unreadable', () => {
  it('names each left out by its id, accounts and entity parties alike', async () => {
    answerSearch({
      accounts: [],
      entities: [],
      skippedRecords: 3,
      unreadableAccounts: ['A1040346'],
      unreadableEntities: ['E2001'],
      unsearched: [],
    });
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    expect(
      await screen.findByText(
        '3 records could not be shown. The service sent them in a form the portal could not read; everything else is listed. Not shown: account A1040346, entity party E2001 and 1 more.',
      ),
    ).toBeTruthy();
  });
});
