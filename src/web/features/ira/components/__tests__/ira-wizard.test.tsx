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
});
