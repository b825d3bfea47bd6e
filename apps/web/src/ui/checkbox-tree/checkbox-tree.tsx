import { useId } from 'react';
import { isNodeDisabled, setNodeValue, type CheckboxTreeNode } from './tree-logic';
import styles from './checkbox-tree.module.css';

export type { CheckboxTreeNode } from './tree-logic';

export interface CheckboxTreeProps {
  nodes: readonly CheckboxTreeNode[];
  onChange: (nodes: CheckboxTreeNode[]) => void;
  label: string;
}

/** A tree of checkboxes (SPEC §2, §4): native inputs, so keyboard and screen readers work. */
export function CheckboxTree({ nodes, onChange, label }: CheckboxTreeProps) {
  const id = useId();
  const renderLevel = (level: readonly CheckboxTreeNode[], parentPath: number[]) => (
    <ul className={styles.level}>
      {level.map((node, index) => {
        const path = [...parentPath, index];
        const inputId = `${id}-${path.join('-')}`;
        const disabled = isNodeDisabled(nodes, path);
        return (
          <li key={node.id ?? `${node.label}-${index}`} className={styles.item}>
            <div className={`${styles.row} ${disabled ? styles.disabled : ''}`}>
              <input
                id={inputId}
                type="checkbox"
                className={styles.checkbox}
                checked={node.value}
                disabled={disabled}
                onChange={(event) => onChange(setNodeValue(nodes, path, event.target.checked))}
              />
              <label htmlFor={inputId}>{node.label}</label>
            </div>
            {node.children && node.children.length > 0 && renderLevel(node.children, path)}
          </li>
        );
      })}
    </ul>
  );
  return (
    <div role="group" aria-label={label} className={styles.tree}>
      {renderLevel(nodes, [])}
    </div>
  );
}
