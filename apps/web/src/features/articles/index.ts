/** What the knowledge base shares with other modules (vacancies, the task tracker, learning); nothing else of its folder. */
export { ArticleBody } from './ArticleBody';
export { ArticleEditor, type ArticleEditorProps } from './editor/ArticleEditor';
export { isEmptyDoc, newMentions } from './editor/mentions';
export { TagPicker, type TagPickerProps } from './TagPicker';
