import { render, screen } from '@testing-library/react';
import { ColumnHeads } from '../column-heads';

describe('ColumnHeads', () => {
  it('heads each column by its name, in order', () => {
    render(
      <table>
        <ColumnHeads columns={['Product', 'Model', 'Price']} />
        <tbody>
          <tr>
            <td>Caliper</td>
            <td>C-150</td>
            <td>10</td>
          </tr>
        </tbody>
      </table>,
    );
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((head) => head.textContent)).toEqual(['Product', 'Model', 'Price']);
    expect(heads.every((head) => head.getAttribute('scope') === 'col')).toBe(true);
    expect(screen.getByRole('cell', { name: 'Caliper' })).toBeInTheDocument();
  });
});
