// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IraWizard } from '../ira-wizard';

afterEach(cleanup);

describe('an investor opens an IRA', () => {
  it("finds the mailing address filled in from the account, the country read from 'USA'", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <IraWizard
            accountId="A1"
            address={{
              line1: '1 Main St',
              line2: null,
              city: 'Denver',
              state: 'CO',
              zip: '80202',
              country: 'USA',
            }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText(/^Address line 1/)).toHaveProperty('value', '1 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveProperty('value', 'Denver');
    expect(screen.getByLabelText(/^ZIP or postal code/)).toHaveProperty('value', '80202');
    expect(screen.getByLabelText(/^Country/)).toHaveProperty('value', 'US');
  });

  it('finds the United States first in the country list, the rest alphabetical', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <IraWizard accountId="A1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const select = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    const labels = [...select.options].map((option) => option.text);
    // The placeholder, then the United States, then Afghanistan onwards.
    expect(labels.slice(0, 3)).toEqual(['Choose a country', 'United States', 'Afghanistan']);
    expect(labels.filter((label) => label === 'United States')).toHaveLength(1);
    // A native select: the browser's own type-ahead finds any country by its first letters.
    expect(select.tagName).toBe('SELECT');
  });
});
