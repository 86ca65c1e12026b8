import { Checkbox, Flex, Tag, Typography } from 'antd';
import {
  ADMIN_PERMISSION_AREAS,
  ADMIN_PERMISSION_KEYS,
  ADMIN_PERMISSIONS,
  type AdminPermission,
  type AdminPermissionArea,
} from '@kezhan/contract/admin/permissions';

const AREAS = Object.keys(ADMIN_PERMISSION_AREAS) as AdminPermissionArea[];

const isSensitive = (key: AdminPermission) => 'sensitive' in ADMIN_PERMISSIONS[key];

/**
 * The permission list grouped by area, each with what it lets an administrator do; the sensitive
 * ones (money, goods, a member's login, who may do what) are marked. A form control: `value` is
 * the chosen keys.
 */
export function PermissionPicker({
  value = [],
  onChange,
  locked = [],
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Keys that stay checked (超级管理员 keeps 管理管理员和角色). */
  locked?: readonly string[];
}) {
  const chosen = new Set(value);
  const toggle = (key: AdminPermission, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    // Kept in the contract's order, so the saved list reads the same way every time.
    onChange?.(ADMIN_PERMISSION_KEYS.filter((permission) => next.has(permission)));
  };
  return (
    <Flex vertical gap={12}>
      {AREAS.map((area) => (
        <fieldset key={area} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 12px' }}>
          <legend style={{ fontSize: 14, fontWeight: 600, width: 'auto', margin: 0, padding: '0 4px' }}>
            {ADMIN_PERMISSION_AREAS[area]}
          </legend>
          <Flex vertical gap={6}>
            {ADMIN_PERMISSION_KEYS.filter((key) => ADMIN_PERMISSIONS[key].area === area).map((key) => (
              <Checkbox
                key={key}
                checked={chosen.has(key)}
                disabled={locked.includes(key)}
                onChange={(event) => toggle(key, event.target.checked)}
              >
                <span>{ADMIN_PERMISSIONS[key].label}</span>
                {isSensitive(key) ? (
                  <Tag color="#a8071a" style={{ marginInlineStart: 8 }}>
                    敏感
                  </Tag>
                ) : null}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {ADMIN_PERMISSIONS[key].description}
                </Typography.Text>
              </Checkbox>
            ))}
          </Flex>
        </fieldset>
      ))}
    </Flex>
  );
}
