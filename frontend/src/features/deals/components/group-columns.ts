import type { ColumnDef } from '@/components/ui/data-table';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';

/** The columns every grouped list ends with: what is under contract, and the last activity. */
export function groupTotalsColumns<
  Row extends { totalUnderContractPaise: number; lastActivityAt: string },
>(): ColumnDef<Row>[] {
  return [
    {
      id: 'underContract',
      header: 'Under contract',
      cell: ({ row }) => formatMoney(row.original.totalUnderContractPaise),
    },
    {
      id: 'lastActivity',
      header: 'Last activity',
      cell: ({ row }) => formatDateTime(row.original.lastActivityAt),
    },
  ];
}
