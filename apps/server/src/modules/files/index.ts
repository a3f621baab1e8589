// What other modules may use of files (they import this file, never the module's own files).
export {
  DEMO_PHOTO,
  type DemoImage,
  demoAvatar,
  demoCover,
  demoPhoto,
  encodeDemoImage,
  storeDemoImages,
} from './demo-images.js';
export { contentDisposition } from './disposition.js';
export {
  anonymousMoment,
  deleteFiles,
  fileRefs,
  mailAttachments,
  openFile,
  restrictFiles,
  UPLOAD_LIMITS,
  uploadFiles,
} from './service.js';
