import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pageRange } from './pageRange';
import '../form/field.css';
import './pagination.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  pageSizeOptions?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
}

/**
 * SPEC §2 pagination: "Showing x–y of z" (ShowingXOfY), the items-per-page choice with options
 * shown as n/page (PerPage), previous and next page.
 */
export function Pagination({ page, pageSize, total, pageSizeOptions = [10, 25, 50, 100], onPageChange, onPageSizeChange }: PaginationProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const range = pageRange(page, pageSize, total);
  const current = Math.min(Math.max(1, page), range.pages);
  return (
    <nav className="pagination" aria-label={t('Pagination')}>
      <p className="pagination__summary" aria-live="polite">
        {t('ShowingXOfY', { from: range.from, to: range.to, total: range.total })}
      </p>
      {onPageSizeChange && (
        <div className="pagination__size">
          <label htmlFor={selectId}>{t('ItemsPerPage')}</label>
          <select id={selectId} className="field__input pagination__select" value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {t('PerPage', { n: size })}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="pagination__pages">
        <button type="button" className="pagination__step" aria-label={t('PreviousPage')} disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
          <span aria-hidden="true" className="pagination__arrow pagination__arrow--previous" />
        </button>
        <button type="button" className="pagination__step" aria-label={t('NextPage')} disabled={current >= range.pages} onClick={() => onPageChange(current + 1)}>
          <span aria-hidden="true" className="pagination__arrow pagination__arrow--next" />
        </button>
      </div>
    </nav>
  );
}
