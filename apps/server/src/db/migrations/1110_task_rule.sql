-- docs/tasks.md "Opened by a rule": the rule that opened a task, as it was then — its id, its name
-- and, for a built-in rule, its kind (each reader's language names a built-in) — rather than a
-- sentence in the task's notes, which are the people's text. Null for every other task.
ALTER TABLE task
  ADD COLUMN rule_id uuid,
  ADD COLUMN rule_name text,
  ADD COLUMN rule_builtin text,
  ADD CONSTRAINT task_rule_whole CHECK ((rule_id IS NULL) = (rule_name IS NULL));

-- the tasks rules opened before: their rule from their creation's history (its name then was the
-- task's title), and the sentence their notes carried taken out
UPDATE task t
   SET rule_id = (h.data ->> 'ruleId')::uuid,
       rule_name = t.title,
       rule_builtin = (SELECT r.builtin FROM rule r WHERE r.id = (h.data ->> 'ruleId')::uuid),
       notes = CASE WHEN t.notes = 'Opened by the rule “' || t.title || '”.' THEN '' ELSE t.notes END
  FROM task_history h
 WHERE h.task_id = t.id AND h.action = 'CREATED' AND h.data ? 'ruleId';
