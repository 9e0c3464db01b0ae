import { Box } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@curio/shared';
import classes from './layout.module.css';

/** Logo mark and brand name, linking home. The name can be hidden where the top bar is crowded. */
export function BrandLink({ withName = true }: { withName?: boolean | 'from-xs' }) {
  const { t } = useTranslation('common');
  return (
    <Link to="/" className={classes.brand} aria-label={t('nav.brandHome', { brand: BRAND })}>
      <img src="/favicon.svg" alt="" className={classes.brandMark} />
      {withName && (
        <Box component="span" className={classes.brandName} visibleFrom={withName === 'from-xs' ? 'xs' : undefined}>
          {BRAND}
        </Box>
      )}
    </Link>
  );
}
