import type { GridNavConfig } from '@kezhan/contract/courses';
import { SizedImage } from '@/shared/ui/sized-image';
import { BlockLink } from './block-link';

export function GridNavBlock({ config }: { config: GridNavConfig }) {
  const items = Array.isArray(config.items) ? config.items : [];
  if (items.length === 0) return null;
  const columns = Number(config.line_count) === 5 ? 5 : 4;
  return (
    <nav className={`kz-block-grid kz-block-grid--${columns}`} aria-label="快捷入口">
      {items.map((item, i) => (
        <BlockLink key={i} href={item.href} className="kz-grid-item">
          <SizedImage src={item.src} alt="" width={44} height={44} sizes="44px" />
          <span>{item.name}</span>
        </BlockLink>
      ))}
    </nav>
  );
}
