import {
  formatCents,
  parseUsdnToCents,
  ZListingFields,
  type AppErrorCode,
  type TListingCategory,
  type TListingDetail,
  type TListingFieldsInput,
  type TListingUnit,
} from '@curio/shared';
import { isAppErrorCode, typedNumber } from '@curio/shared';

/** What the form holds: money as typed text (parsed to cents exactly), the rest as the schema wants. */
export interface ListingFormValues {
  title: string;
  description: string;
  category: TListingCategory | '';
  unit: TListingUnit | '';
  quantity: string;
  price: string;
  originalPrice: string;
  warrantyDays: string;
  tags: string[];
  images: string[];
  isAnonymous: boolean;
}

export const EMPTY_LISTING_FORM: ListingFormValues = {
  title: '',
  description: '',
  category: 'goods',
  unit: 'piece',
  quantity: '1',
  price: '',
  originalPrice: '',
  warrantyDays: '0',
  tags: [],
  images: [],
  isAnonymous: false,
};

export function formValuesFromListing(listing: TListingDetail): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    category: listing.category,
    unit: listing.unit,
    quantity: String(listing.quantity),
    price: formatCents(listing.priceCents).replaceAll(',', ''),
    originalPrice: listing.originalPriceCents === null ? '' : formatCents(listing.originalPriceCents).replaceAll(',', ''),
    warrantyDays: String(listing.warrantyDays),
    tags: listing.tags,
    images: listing.images.map((image) => image.key),
    isAnonymous: listing.isAnonymous,
  };
}

/** Form field names of the schema's paths, where they differ. */
const FIELD_OF_PATH: Record<string, keyof ListingFormValues> = { priceCents: 'price', originalPriceCents: 'originalPrice' };

export function formFieldOf(path: string): string {
  const head = path.split('.')[0] ?? path;
  return FIELD_OF_PATH[head] ?? head;
}

/** Typed text as cents; NaN (refused by the schema as PRICE_INVALID) when it is not an amount. */
function centsOf(text: string): number {
  return parseUsdnToCents(text.replaceAll(',', '')) ?? Number.NaN;
}

/** The procedure input the values stand for (not yet validated). */
export function listingInputFrom(values: ListingFormValues): TListingFieldsInput {
  return {
    title: values.title,
    description: values.description,
    category: values.category as TListingCategory,
    unit: values.unit as TListingUnit,
    quantity: typedNumber(values.quantity),
    priceCents: centsOf(values.price),
    originalPriceCents: values.originalPrice.trim() === '' ? null : centsOf(values.originalPrice),
    warrantyDays: Number(values.warrantyDays) as 0,
    tags: values.tags,
    images: values.images,
    isAnonymous: values.isAnonymous,
  };
}

/** The same schema the server runs, with each issue's app code on its form field. */
export function validateListingForm(values: ListingFormValues): Record<string, AppErrorCode> {
  const result = ZListingFields.safeParse(listingInputFrom(values));
  const errors: Record<string, AppErrorCode> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    errors[field] ??= isAppErrorCode(issue.message) ? issue.message : 'VALIDATION_FAILED';
  }
  return errors;
}
