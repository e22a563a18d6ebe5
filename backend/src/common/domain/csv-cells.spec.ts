import { neutraliseCell } from './csv-cells.js';

describe('neutraliseCell', () => {
  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx=1', '\r=1'])(
    'prefixes a cell a spreadsheet would run as a formula: %j',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['Asha Verma', 'asha@gmail.com', '9876543210', '', ' =x', "'=already"])(
    'keeps other cells as they are: %j',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );
});
