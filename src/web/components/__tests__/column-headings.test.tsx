// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import Table from '@mui/material/Table';
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnHeadings } from '../column-headings';

afterEach(cleanup);

describe('ColumnHeadings', () => {
  it('heads each column in order, figures right-aligned like the figures under them', () => {
    render(
      <Table>
        <ColumnHeadings columns={['Investor', { figures: 'Amount' }]} />
      </Table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Investor', 'Amount']);
    expect(headers.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(headers[0]!.className).not.toMatch(/alignRight/);
    expect(headers[1]!.className).toMatch(/alignRight/);
  });
});
