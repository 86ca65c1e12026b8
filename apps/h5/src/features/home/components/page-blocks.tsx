import type {
  BlankConfig,
  GridNavConfig,
  GzhConfig,
  ImageGroupConfig,
  SliderItem,
  ViewBlock,
  VodBlockConfig,
} from '@kezhan/contract/courses';
import { GridNavBlock } from './grid-nav-block';
import { GzhBlock } from './gzh-block';
import { ImageGroupBlock } from './image-group-block';
import { SliderBlock } from './slider-block';
import { VodBlock } from './vod-block';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One decoration block; unknown signs and malformed configs render nothing. */
export function PageBlock({ block }: { block: ViewBlock }) {
  const config = block.config_render;
  switch (block.sign) {
    case 'slider':
      return Array.isArray(config) ? <SliderBlock slides={config as SliderItem[]} /> : null;
    case 'grid-nav':
      return isObject(config) ? <GridNavBlock config={config as unknown as GridNavConfig} /> : null;
    case 'image-group':
      return isObject(config) ? <ImageGroupBlock config={config as unknown as ImageGroupConfig} /> : null;
    case 'h5-vod-v1':
      return isObject(config) ? <VodBlock config={config as unknown as VodBlockConfig} /> : null;
    case 'h5-gzh-v1':
    case 'gzh-v1':
      return isObject(config) ? <GzhBlock config={config as unknown as GzhConfig} /> : null;
    case 'blank': {
      if (!isObject(config)) return null;
      const blank = config as unknown as BlankConfig;
      const height = Math.max(0, Number(blank.height) || 0);
      return <div aria-hidden="true" style={{ height, background: blank.bgcolor || 'transparent' }} />;
    }
    default:
      return null;
  }
}
