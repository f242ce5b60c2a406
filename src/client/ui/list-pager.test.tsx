import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPager, pageCount } from './list-pager';
import { renderWithApp } from './test-render';

describe('ListPager', () => {
  it('says how many there are, and offers no pager for one page', async () => {
    renderWithApp(<ListPager pages={1} page={1} onPage={() => undefined} count={{ total: 1, one: 'notice', many: 'notices' }} />);
    expect(await screen.findByText('1 notice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('pages with named arrows', async () => {
    const onPage = vi.fn();
    renderWithApp(<ListPager pages={pageCount(45, 20)} page={1} onPage={onPage} count={{ total: 45, one: 'notice', many: 'notices' }} />);
    expect(await screen.findByText('45 notices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
  });
});
