import { routedPath } from "~/lib/shell/routedPath";

/**
 * An inline script, first in <head>: what the technician hands the page before the app has started (a slow phone
 * takes seconds) is kept, not lost. A paste or a drop of files on /files waits in a queue that /files takes once it
 * is up (earlyInput.ts); a drop anywhere else, or after the start outside the drop zone, no longer makes the
 * browser leave the app to show the file; a tap on the phone's menu button is remembered. After the start /files
 * gets every drop the drop zone did not take. Written for old browsers (no arrow functions) and without "<":
 * React may write it again through innerHTML (contentSecurityPolicy.ts). Whether the page is /files is the router's
 * answer (routedPath): /FILES and /files/ are the files screen too.
 */
export const earlyInputScript = `(function(){
var routedPath=${String(routedPath)};
var queue=[],consumer=null,onFiles=function(){return routedPath(location.pathname)==="/files"};
var hasFiles=function(transfer){return !!transfer&&[].indexOf.call(transfer.types||[],"Files")!==-1};
var give=function(input){if(consumer)consumer(input);else queue.push(input)};
window.earlyInput={menuTapped:false,started:false,take:function(take){consumer=take;var waiting=queue;queue=[];waiting.forEach(take);return function(){if(consumer===take)consumer=null}}};
addEventListener("dragover",function(event){if(event.defaultPrevented||!hasFiles(event.dataTransfer))return;event.preventDefault();event.dataTransfer.dropEffect=onFiles()?"copy":"none"});
addEventListener("drop",function(event){var transfer=event.dataTransfer;if(event.defaultPrevented||!hasFiles(transfer))return;event.preventDefault();if(!onFiles())return;var items=[];[].forEach.call(transfer.items,function(item){if(item.kind==="file")items.push({type:item.type,file:item.getAsFile(),entry:item.webkitGetAsEntry?item.webkitGetAsEntry():null})});give({dropped:items})});
addEventListener("paste",function(event){var target=event.target,clipboard=event.clipboardData;if(consumer||event.defaultPrevented||!clipboard||!onFiles())return;if(target&&target.closest&&(target.isContentEditable||target.closest("input, textarea, select")))return;var files=[].slice.call(clipboard.files),text=clipboard.getData("text/plain");if(!files.length&&!text.trim())return;event.preventDefault();queue.push({pasted:{files:files,text:text}})});
addEventListener("click",function(event){var target=event.target;if(!window.earlyInput.started&&target&&target.closest&&target.closest("[data-menu-button]"))window.earlyInput.menuTapped=!window.earlyInput.menuTapped},true);
})()`;
