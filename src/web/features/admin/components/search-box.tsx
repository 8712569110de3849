import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

/** A search field that reports its text after typing pauses (300 ms), and at once on Enter. */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onSearch(text: string): void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="min-w-48 flex-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-500" />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          className="pl-9"
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch(text.trim());
          }}
        />
      </div>
    </div>
  );
}
