// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NameLink } from '../name-link';

afterEach(cleanup);

describe("a record's name", () => {
  it('is a link to its page, named by the name', () => {
    render(
      <MemoryRouter>
        <NameLink to="/app/offerings/o-1">Solar Fund I</NameLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Solar Fund I' }).getAttribute('href')).toBe(
      '/app/offerings/o-1',
    );
  });
});
