// The personal data the tasks module holds: tasks assigned to a person, with their checklist,
// comments and files.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

const ofTask = { column: 'task_id', parent: 'tasks' };

export const tasksPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'tasks',
      label: 'Tasks assigned',
      subject: ['assignee_id'],
      actors: ['created_by', 'completed_by'],
      kind: 'communications',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    { table: 'task_checklist_items', label: 'Task checklists', via: ofTask, actors: ['done_by'], kind: 'communications', erase: 'delete' },
    { table: 'task_comments', label: 'Task comments', via: ofTask, actors: ['author_id'], kind: 'communications', erase: 'delete' },
    {
      table: 'task_files',
      label: 'Task files',
      via: ofTask,
      actors: ['created_by'],
      files: ['file_id'],
      kind: 'communications',
      erase: 'delete',
    },
  ],
};
