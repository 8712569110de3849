// The header's product search, on every page: typing suggests matching products (from 2 characters,
// 250 ms after the last key), one tap opens a product's page; Enter without a suggestion lists every
// match on /shop. A phone customer finds 'tilapia' and then 'chicken' from wherever she is.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatKES } from '@/domain/money';
import { Combobox } from '../../components/ui/combobox';
import { shopAddress, type ProductDto } from '../../features/catalog/api';
import { api, call } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSearchText } from '../../i18n/search-text';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 250;
const SUGGESTIONS = 6;

function Suggestion({ product }: { product: ProductDto }) {
  const t = useSearchText();
  return (
    <span className="flex items-baseline justify-between gap-3">
      <span className="font-medium">{product.name}</span>
      <span className="shrink-0 text-xs text-slate-600">
        {product.fromPrice ? t('fromPrice', { price: formatKES(product.priceCents) }) : formatKES(product.priceCents)}
      </span>
    </span>
  );
}

/**
 * The search form; `onDone` closes what holds it once the customer went to a product or the results.
 * autoFocus: opened by its own Search button, the keyboard comes up at once (not in the phone's menu,
 * which is also opened just to go to a page).
 */
export default function HeaderSearch({ id, onDone, autoFocus = false }: { id: string; onDone(): void; autoFocus?: boolean }) {
  const t = useSearchText();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['catalog', 'suggestions', query],
    queryFn: () => call(api.catalog.products.$get({ query: { search: query } })),
    enabled: query.length >= MIN_CHARS,
    staleTime: 10_000,
  });
  const options = query.length >= MIN_CHARS && text.trim() === query ? (suggestions.data?.products.slice(0, SUGGESTIONS) ?? []) : [];

  return (
    <form
      role="search"
      aria-label={t('products')}
      onSubmit={(e) => {
        e.preventDefault();
        const search = text.trim();
        if (!search) return;
        onDone();
        void navigate(shopAddress({ category: '', search, page: 1 }));
      }}
    >
      <Combobox
        ref={box}
        id={id}
        label={t('findProduct')}
        placeholder={t('placeholder')}
        value={text}
        onValueChange={setText}
        options={options}
        optionKey={(p) => p.id}
        renderOption={(p) => <Suggestion product={p} />}
        onSelect={(p) => {
          onDone();
          void navigate(`/shop/${p.slug}`);
        }}
        listLabel={t('matchingProducts')}
      />
    </form>
  );
}
