import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from '../tabs';

const ITEMS = [
  { key: 'description', label: 'Description', panel: <p>About it</p> },
  { key: 'specifications', label: 'Specifications', panel: <p>Range 0-150 mm</p> },
  { key: 'features', label: 'Features & Benefits', panel: <p>IP67</p> },
];

// The behaviours of the catalog's product tabs and the content section's tabs it replaces.
describe('Tabs', () => {
  it('is a named tab list with one tab stop; each tab controls its panel, and only the selected one shows', () => {
    render(<Tabs label="Product information" items={ITEMS} />);
    expect(screen.getByRole('tablist', { name: 'Product information' })).toHaveClass('ms-tabs__list');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
      expect(panel).toHaveAttribute('tabindex', '0');
    }
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveTextContent('About it');
    expect(screen.queryByText('Range 0-150 mm')).not.toBeVisible();
  });

  it('arrow keys (wrapping), Home and End move the focus and select; a click selects', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Branches" items={ITEMS} className="extra" />);
    const [first, second, third] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.closest('.ms-tabs')).toHaveClass('extra');
    await user.click(second);
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Range 0-150 mm')).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(third).toHaveFocus();
    expect(third).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(third).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(third).toHaveFocus();
    expect(screen.getByText('IP67')).toBeVisible();
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([third]);
  });
});
