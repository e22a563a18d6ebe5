import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  type ColumnDef,
  type RowSelectionState,
  type TablePage,
  type TableSort,
} from '../data-table';

interface Person {
  id: string;
  name: string;
  city: string;
}

const people: Person[] = [
  { id: 'a', name: 'Asha', city: 'Pune' },
  { id: 'b', name: 'Ravi', city: 'Kochi' },
];

const columns: ColumnDef<Person>[] = [
  { id: 'name', header: 'Name', enableSorting: true, cell: ({ row }) => row.original.name },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city },
];

function Harness({
  rows = people,
  initialSort = { id: 'name', desc: false },
  paging = { page: 1, pageSize: 2, total: 5 },
  onSortChange = () => undefined,
  onPageChange = () => undefined,
  onPageSizeChange,
  selectable = false,
}: {
  rows?: Person[];
  initialSort?: TableSort;
  paging?: TablePage;
  onSortChange?: (sort: TableSort) => void;
  onPageChange?: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  selectable?: boolean;
}) {
  const [sort, setSort] = useState(initialSort);
  const [selected, setSelected] = useState<RowSelectionState>({});
  return (
    <>
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          onSortChange(next);
        }}
        paging={paging}
        onPageChange={onPageChange}
        pageSizes={[2, 10]}
        {...(onPageSizeChange && { onPageSizeChange })}
        {...(selectable && {
          selection: { selected, onChange: setSelected, rowLabel: (row: Person) => row.name },
        })}
        emptyState={<p>No people yet. Invite someone first.</p>}
        noun={['person', 'people']}
      />
      <p data-testid="selected-ids">{Object.keys(selected).sort().join(',')}</p>
    </>
  );
}

describe('DataTable', () => {
  it('names the table and its page in the caption and shows the rows as given', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'People, page 1 of 3' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('AshaPune');
    expect(screen.getByRole('status')).toHaveTextContent('5 people');
  });

  it('says how a sortable column is sorted and asks the server for the other order', async () => {
    const onSortChange = vi.fn();
    render(<Harness onSortChange={onSortChange} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');
    expect(
      within(screen.getByRole('columnheader', { name: 'City' })).queryByRole('button'),
    ).toBeNull();

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  });

  it('marks a sortable column that is not the sorted one as unsorted', () => {
    render(<Harness initialSort={{ id: 'other', desc: false }} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('pages through the server pages', async () => {
    const onPageChange = vi.fn();
    render(<Harness paging={{ page: 2, pageSize: 2, total: 5 }} onPageChange={onPageChange} />);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('cannot page before the first or after the last page', () => {
    render(<Harness paging={{ page: 1, pageSize: 10, total: 2 }} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('offers page sizes when the page size can change', async () => {
    const onPageSizeChange = vi.fn();
    render(<Harness onPageSizeChange={onPageSizeChange} />);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '10');
    expect(onPageSizeChange).toHaveBeenCalledWith(10);
  });

  it('shows the empty state instead of an empty table', () => {
    render(<Harness rows={[]} paging={{ page: 1, pageSize: 10, total: 0 }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No people yet. Invite someone first.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('selects rows by id, one at a time or the whole page', async () => {
    render(<Harness selectable />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ravi' }));
    expect(screen.getByTestId('selected-ids')).toHaveTextContent('b');
    expect(screen.getByRole('checkbox', { name: 'Select Ravi' }).closest('tr')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByTestId('selected-ids')).toHaveTextContent('a,b');
  });

  it('makes a table wider than its box a named region that the keyboard can reach and scroll', async () => {
    // jsdom lays nothing out: the box is 300 px wide and its table 800 px, observed at once.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          this.callback();
        }
        disconnect() {
          return undefined;
        }
      },
    );
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    try {
      render(<Harness />);
      const region = await screen.findByRole('region', { name: 'People, page 1 of 3' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table')).toBeInTheDocument();
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('leaves a table that fits out of the tab order', () => {
    render(<Harness />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('lists a short list in full, amounts aligned with their header, and a total under the rows', () => {
    const fees: ColumnDef<{ id: string; label: string; rupees: string }>[] = [
      { id: 'label', header: 'Fee', cell: ({ row }) => row.original.label, meta: { wrap: true } },
      {
        id: 'rupees',
        header: 'Amount',
        cell: ({ row }) => row.original.rupees,
        meta: { align: 'end' },
      },
    ];
    render(
      <DataTable
        caption="Fees"
        columns={fees}
        rows={[
          { id: 'a', label: 'Reel', rupees: '₹100' },
          { id: 'b', label: 'Story', rupees: '₹50' },
        ]}
        getRowId={(row) => row.id}
        emptyState={null}
        footer={
          <tr>
            <th scope="row">Total</th>
            <td>₹150</td>
          </tr>
        }
      />,
    );
    const table = screen.getByRole('table', { name: 'Fees' });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Amount' })).toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: '₹100' })).toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: 'Reel' })).not.toHaveClass('whitespace-nowrap');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Total₹150');
  });
});
