// The checklist's photo of the final table (templates/campaign/checklist.html, docs/photos.md):
// a camera's photo (4-8 MB) is shrunk on the phone before it is sent, to a JPEG whose longest
// side is 1600 px (a few hundred KB), so it fits the app's upload limit and a slow connection.
// The server reads, turns, resizes and strips it again whatever arrives; without this script
// a photo up to the limit is sent as it is. Its words are the page's, in the person's language:
// the photo field's `data-shrinking-words` and `data-ready-words` (live/photos.py PhotoForm).
(function () {
  "use strict";

  const LONGEST_SIDE = 1600;
  const QUALITY = 0.85;

  function shrink(file) {
    // Decoding applies the camera's orientation (EXIF) to the pixels; the canvas keeps none.
    return createImageBitmap(file).then(function (bitmap) {
      const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      return new Promise(function (resolve) {
        canvas.toBlob(resolve, "image/jpeg", QUALITY);
      });
    });
  }

  function kilobytes(size) {
    return String(Math.ceil(size / 1024));
  }

  document.querySelectorAll("[data-photo-form]").forEach(function (form) {
    const input = form.querySelector("input[data-photo-shrink]");
    const status = form.querySelector("[data-photo-status]");
    if (!input || !window.createImageBitmap || !window.DataTransfer) {
      return;
    }
    let pending = null;

    input.addEventListener("change", function () {
      const file = input.files[0];
      if (!file || !file.type.startsWith("image/")) {
        pending = null;
        return;
      }
      status.textContent = input.dataset.shrinkingWords || "";
      pending = shrink(file)
        .then(function (blob) {
          if (!blob) {
            throw new Error("no JPEG");
          }
          const smaller = new File([blob], "final-table.jpg", { type: "image/jpeg" });
          const files = new DataTransfer();
          files.items.add(smaller);
          input.files = files.files;
          status.textContent = (input.dataset.readyWords || "").replace("%(kilobytes)s", kilobytes(smaller.size));
        })
        .catch(function () {
          // The browser could not read it: the original goes, and the server says why.
          status.textContent = "";
        })
        .finally(function () {
          pending = null;
        });
    });

    form.addEventListener("submit", function (event) {
      if (pending) {
        // Sent once the smaller photo is ready (form.submit() fires no second event).
        event.preventDefault();
        pending.then(function () {
          form.submit();
        });
      }
    });
  });
})();
